import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { lazyModuleFile, lazyModules } from './lazy-modules';
import { writePreparedData } from './prepared-data';

// The embedded hub as one ESM file, dist/server/hub.mjs, that a utilityProcess (or plain node)
// runs with no node_modules beside it: electron-builder ships dist/server as extraResources,
// outside the asar. Bundled deps that are CommonJS call require(), hence the createRequire banner.
// PGlite finds its wasm and data files next to the module that loads it (new URL(..., import.meta.url)),
// so they are copied next to hub.mjs; the SQL migrations too (HUB_MIGRATIONS_DIR); and the
// databases its first start unpacks instead of making one (scripts/prepared-data.ts).
// HUB_BUILD_DIR builds elsewhere than dist/ (the packaging test builds into a temporary folder).

const outDir = path.join(process.env.HUB_BUILD_DIR ?? 'dist', 'server');
const require = createRequire(import.meta.url);

await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });

const LAZY_MODULES = ['@zxcvbn-ts/language-common'];
for (const name of LAZY_MODULES) {
  await build({
    entryPoints: [require.resolve(name)],
    outfile: path.join(outDir, lazyModuleFile(name)),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    legalComments: 'none',
    logLevel: 'warning',
    external: ['pg-native', 'bufferutil', 'utf-8-validate'],
  });
}

await build({
  entryPoints: ['server/embedded-entry.ts'],
  outfile: path.join(outDir, 'hub.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'info',
  // Optional native add-ons of bundled deps that we never use.
  external: ['pg-native', 'bufferutil', 'utf-8-validate'],
  // loaded on first use, not at every start (scripts/lazy-modules.ts)
  plugins: [lazyModules(LAZY_MODULES)],
  banner: {
    js: [
      "import { createRequire as __hubCreateRequire } from 'node:module';",
      "import { fileURLToPath as __hubFileURLToPath } from 'node:url';",
      "import { dirname as __hubDirname } from 'node:path';",
      'const require = __hubCreateRequire(import.meta.url);',
      'const __filename = __hubFileURLToPath(import.meta.url);',
      'const __dirname = __hubDirname(__filename);',
    ].join('\n'),
  },
});

const pgliteDist = path.dirname(require.resolve('@electric-sql/pglite'));
for (const file of ['pglite.wasm', 'pglite.data', 'initdb.wasm']) {
  await cp(path.join(pgliteDist, file), path.join(outDir, file)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}
await cp('server/db/migrations', path.join(outDir, 'migrations'), { recursive: true });
const prepared = await writePreparedData(outDir);
console.log(`embedded hub: ${outDir}/hub.mjs with PGlite assets, migrations and prepared databases (up to ${prepared.migration})`);
