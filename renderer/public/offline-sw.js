// Offline viewing on the web (registered by renderer/lib/offline/service-worker.ts):
// the app's own files, network first, kept in a cache and served from it when the hub is down.
// /api is never touched: those answers belong to a user and the query cache keeps them per user.
// Every file of the build is kept as the worker installs, from the list the build
// writes beside them (offline-files.json, scripts/vite-offline-files.ts), so a screen never opened
// before still loads its code with the hub down. The install fails if any file cannot be kept;
// the page registers the worker again on its next load.
// One cache per release, named by the ?release= the page registers this script with (its
// entry script's hashed name). A new release is a new script URL, so the browser installs a new
// worker, and that worker deletes every earlier release's cache as it activates: the files of
// past releases no longer pile up in the browser.
var CACHE_PREFIX = 'beot-shell-';
var RELEASE = new URL(self.location.href).searchParams.get('release') || 'unreleased';
var SHELL_CACHE = CACHE_PREFIX + RELEASE;

var FILE_LIST = 'offline-files.json';

function fresh(url) {
  // the HTTP cache may hold a file of another build under an unhashed name (hub-base.js)
  return new Request(url, { cache: 'no-cache' });
}

function keepTheBuild() {
  var scope = self.registration.scope;
  return fetch(fresh(new URL(FILE_LIST, scope).href))
    .then(function (response) {
      if (!response.ok) throw new Error('The build has no ' + FILE_LIST + ' (' + response.status + ').');
      return response.json();
    })
    .then(function (list) {
      // the document under the scope, where navigations look for it whatever path they open
      var urls = [scope].concat(list.files.map(function (file) { return new URL(file, scope).href; }));
      return caches.open(SHELL_CACHE).then(function (cache) { return keepAll(cache, urls, 3); });
    });
}

// A busy hub or a network that blinks can fail one of the build's hundred-odd fetches; the worker
// tries the whole set again twice before the install fails (and with it offline viewing until
// the next page load).
function keepAll(cache, urls, attempts) {
  return cache.addAll(urls.map(fresh)).catch(function (error) {
    if (attempts <= 1) throw error;
    return new Promise(function (resolve) { setTimeout(resolve, 2000); }).then(function () { return keepAll(cache, urls, attempts - 1); });
  });
}

self.addEventListener('install', function (event) {
  self.skipWaiting();
  event.waitUntil(keepTheBuild());
});

self.addEventListener('activate', function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return Promise.all(
          names
            .filter(function (name) { return name.indexOf(CACHE_PREFIX) === 0 && name !== SHELL_CACHE; })
            .map(function (name) { return caches.delete(name); }),
        );
      })
      .then(function () { return self.clients.claim(); }),
  );
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
        // a proxy in front of a stopped hub answers 502/503/504 rather than nothing
        if (response.status >= 502 && response.status <= 504) return kept(key, response);
        return response;
      },
      function () {
        return kept(key, Response.error());
      },
    ),
  );
});

function kept(key, otherwise) {
  return caches.match(key, { cacheName: SHELL_CACHE }).then(function (hit) { return hit || otherwise; });
}
