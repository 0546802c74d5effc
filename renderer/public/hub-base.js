// Loaded by an absolute path, so only the hub (http/https) ever runs it; under file:// in
// Electron it is simply not found. The build uses relative asset URLs (base './') so that one
// build works from file://; on the hub a deep link such as /profile/12 would then resolve
// ./assets against /profile/. Pinning the document base to / before the bundle's tags are
// parsed fixes that without an inline script, which the strict CSP forbids.
(function () {
  if (location.protocol === 'file:' || document.querySelector('base')) return;
  var base = document.createElement('base');
  base.href = '/';
  document.head.prepend(base);
})();
