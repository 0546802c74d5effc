import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';

// Main and preload as CommonJS bundles (package.json "main": dist/electron/main.cjs). 'electron'
// is provided by the runtime; everything else (electron-store, zod) is bundled so the packaged
// app needs no node_modules for main. The preload runs sandboxed: it may only require 'electron',
// so it must be one self-contained file. Both are minified: main is read at every start.
// HUB_BUILD_DIR builds elsewhere than dist/ (the packaging test builds into a temporary folder).

const outDir = path.join(process.env.HUB_BUILD_DIR ?? 'dist', 'electron');

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  external: ['electron'],
  sourcemap: 'linked',
  logLevel: 'info',
  legalComments: 'none',
  minify: true,
};

await Promise.all([
  build({ ...common, entryPoints: ['electron/main.ts'], outfile: path.join(outDir, 'main.cjs') }),
  build({ ...common, entryPoints: ['electron/preload.ts'], outfile: path.join(outDir, 'preload.cjs') }),
]);
