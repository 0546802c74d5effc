import path from 'node:path';

// Where main finds the app's own files, in development and once packaged (electron-builder.yml):
// the renderer and the preload travel inside the asar with main, under the app path; the embedded
// hub's bundle, PGlite's wasm and data files, the SQL migrations and the prepared databases (read
// by the hub beside its bundle) go to resources/server, outside the asar (extraResources), because
// the utility process reads them as plain files; so does the app's icon, which the tray loads from
// a path (resources/icon.png beside the app). The packaging test (tests/main/packaging.test.ts)
// checks a real package against these paths.

export interface AppPathsInput {
  /** app.getAppPath(): the project folder in development, resources/app.asar once packaged */
  appRoot: string;
  isPackaged: boolean;
  /** process.resourcesPath: the packaged app's resources folder */
  resourcesPath: string;
}

export interface AppPaths {
  indexFile: string;
  preload: string;
  /** server/embedded-entry.ts bundled (scripts/build-server.ts) */
  hubEntry: string;
  migrationsDir: string;
  /** the tray's icon (electron/tray.ts) */
  icon: string;
}

export function appPaths({ appRoot, isPackaged, resourcesPath }: AppPathsInput): AppPaths {
  const serverDir = isPackaged ? path.join(resourcesPath, 'server') : path.join(appRoot, 'dist', 'server');
  return {
    indexFile: path.join(appRoot, 'dist', 'renderer', 'index.html'),
    preload: path.join(appRoot, 'dist', 'electron', 'preload.cjs'),
    hubEntry: path.join(serverDir, 'hub.mjs'),
    migrationsDir: path.join(serverDir, 'migrations'),
    icon: isPackaged ? path.join(resourcesPath, 'icon.png') : path.join(appRoot, 'resources', 'icon.png'),
  };
}
