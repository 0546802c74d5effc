// Paints the first frame in the person's theme, before the bundle loads (a
// classic script in <head> runs before the first paint; the module bundle runs after it). The
// choice comes from what the app cached (renderer/lib/theme/theme-choice.ts); the rule is that
// file's appliedTheme, and theme-choice.test.ts runs this script against it. No inline script:
// the CSP forbids them. Loaded by a relative path, after hub-base.js has pinned the base on the hub,
// so it is found both there and from file:// in Electron.
(function () {
  var CHOICES = ['system', 'light', 'dark', 'high-contrast'];
  function read(key) {
    try {
      var value = window.localStorage.getItem(key);
      return CHOICES.indexOf(value) >= 0 ? value : null;
    } catch {
      return null;
    }
  }
  function userId() {
    try {
      var user = JSON.parse(window.localStorage.getItem('beot.user') || 'null');
      return user && typeof user.id === 'number' ? user.id : null;
    } catch {
      return null;
    }
  }
  function matches(query) {
    return !!(window.matchMedia && window.matchMedia(query).matches);
  }
  var id = userId();
  var choice = (id !== null && read('beot.device.theme.user.' + id)) || read('beot.device.theme.last') || 'system';
  var applied = choice !== 'system' ? choice : matches('(forced-colors: active)') ? 'high-contrast' : matches('(prefers-color-scheme: dark)') ? 'dark' : 'light';
  var root = document.documentElement;
  root.setAttribute('data-theme', applied);
  root.style.colorScheme = applied === 'light' ? 'light' : 'dark';
})();
