import { build, type BuildOptions } from 'esbuild';

// Main and preload as CommonJS bundles (package.json "main": dist/electron/main.cjs). 'electron'
// is provided by the runtime; everything else (axios, electron-store, zod) is bundled so the
// packaged app needs no node_modules for main. The preload runs sandboxed: it may only require
// 'electron', so it must be one self-contained file.

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  external: ['electron'],
  sourcemap: 'linked',
  logLevel: 'info',
  legalComments: 'none',
};

await Promise.all([
  build({ ...common, entryPoints: ['electron/main.ts'], outfile: 'dist/electron/main.cjs' }),
  build({ ...common, entryPoints: ['electron/preload.ts'], outfile: 'dist/electron/preload.cjs', minify: true }),
]);
