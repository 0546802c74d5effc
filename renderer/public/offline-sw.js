// issue 6 offline viewing on the web (registered by renderer/lib/offline/service-worker.ts):
// the app's own files, network first, kept in a cache and served from it when the hub is down.
// /api is never touched: those answers belong to a user and the query cache keeps them per user.
var SHELL_CACHE = 'beot-shell-v1';

self.addEventListener('install', function () {
  self.skipWaiting();
});

self.addEventListener('activate', function (event) {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET') return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname === '/api' || url.pathname.indexOf('/api/') === 0) return;
  // every page path is the same index.html (the hub's SPA fallback): kept once, under '/'
  var key = request.mode === 'navigate' ? self.registration.scope : request;
  event.respondWith(
    fetch(request).then(
      function (response) {
        if (response.ok && response.type === 'basic') {
          var copy = response.clone();
          event.waitUntil(caches.open(SHELL_CACHE).then(function (cache) { return cache.put(key, copy); }));
        }
        return response;
      },
      function () {
        return caches.match(key).then(function (hit) { return hit || Response.error(); });
      },
    ),
  );
});
