// electron-builder's beforeBuild hook (electron-builder.yml). Main, the preload and the embedded
// hub are self-contained bundles (scripts/build-electron.ts, scripts/build-server.ts), so the app
// ships no node_modules: answering false tells electron-builder they are handled elsewhere, and it
// neither rebuilds nor collects the project's dependencies.
module.exports = async function beforeBuild() {
  return false;
};
