import { execFile } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { extractFile, listPackage } from '@electron/asar';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPaths } from '../../electron/app-paths';
import { journalTags, PREPARED_MANIFEST, type PreparedManifest } from '../../server/db/prepared-data';
import { tarEntries } from '../../server/db/tar-entries';

// The package electron-builder makes, checked for what went in. The app is built into a
// temporary folder (HUB_BUILD_DIR; dist/ may be in use by another suite), then packaged with the
// `--dir` target, which stops at the unpacked app, against a stand-in Electron folder: the real
// binary is not on the npm registry and this machine reaches nothing else. electron-builder copies
// that folder as the app's shell and puts the app beside it, as it would around real Electron.

const run = promisify(execFile);
const bin = (name: string) => path.resolve('node_modules', '.bin', name);
const BUILD_TIMEOUT = 600_000;

let stage = '';
let resources = '';
let asarPath = '';
let inAsar: string[] = [];

beforeAll(async () => {
  stage = await mkdtemp(path.join(tmpdir(), 'hub-package-'));
  const env = { ...process.env, HUB_BUILD_DIR: path.join(stage, 'dist') };
  await run(bin('tsx'), ['scripts/build-electron.ts'], { env });
  await run(bin('tsx'), ['scripts/build-server.ts'], { env });
  await run(bin('vite'), ['build', '--outDir', path.join(stage, 'dist', 'renderer'), '--emptyOutDir', '--logLevel', 'warn']);

  // what electron-builder reads from the project folder, as a clone has it
  for (const file of ['package.json', 'electron-builder.yml', 'resources', 'scripts/no-node-modules.cjs']) {
    await cp(file, path.join(stage, file), { recursive: true });
  }
  const electronDist = path.join(stage, 'electron-dist');
  await mkdir(electronDist);
  await writeFile(path.join(electronDist, 'electron'), '#!/bin/sh\necho "stand-in for Electron"\n');
  await chmod(path.join(electronDist, 'electron'), 0o755);
  const { version: electronVersion } = JSON.parse(await readFile('node_modules/electron/package.json', 'utf8')) as { version: string };

  await run(bin('electron-builder'), ['--dir', '--linux', '--config', 'electron-builder.yml', `-c.electronDist=${electronDist}`, `-c.electronVersion=${electronVersion}`], {
    cwd: stage,
    env: { ...process.env, CI: 'true' },
  });
  const unpacked = (await readdir(path.join(stage, 'release'))).find((name) => name.endsWith('-unpacked'));
  if (!unpacked) throw new Error('electron-builder made no unpacked app');
  resources = path.join(stage, 'release', unpacked, 'resources');
  asarPath = path.join(resources, 'app.asar');
  inAsar = listPackage(asarPath, { isPack: false }).map((file) => file.split(path.sep).join('/'));
}, BUILD_TIMEOUT);

afterAll(async () => {
  if (stage) await rm(stage, { recursive: true, force: true });
});

describe('the desktop package (electron-builder --dir)', () => {
  it("holds the app's own bundles in the asar, and no node_modules, source maps or sources", () => {
    expect(inAsar).toEqual(expect.arrayContaining(['/package.json', '/dist/electron/main.cjs', '/dist/electron/preload.cjs', '/dist/renderer/index.html']));
    expect(inAsar.filter((file) => file.includes('node_modules'))).toEqual([]);
    expect(inAsar.filter((file) => file.endsWith('.map'))).toEqual([]);
    // the web build's compressed copies are the hub's to send, not the window's
    expect(inAsar.filter((file) => /\.(br|gz)$/.test(file))).toEqual([]);
    // only the package.json, main with its preload, and the renderer: the hub lives outside (below)
    expect(inAsar.filter((file) => !/^\/(package\.json|dist|dist\/electron(\/.*)?|dist\/renderer(\/.*)?)$/.test(file))).toEqual([]);
    const manifest = JSON.parse(extractFile(asarPath, 'package.json').toString()) as { main: string };
    expect(inAsar).toContain(`/${manifest.main}`);
  });

  it('starts main and the preload with nothing to require but Electron and Node', async () => {
    const allowed = new Set(['electron', ...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
    for (const bundle of ['dist/electron/main.cjs', 'dist/electron/preload.cjs']) {
      // esbuild reads the bundle as code (a require() inside a string is no import), from a folder
      // with no node_modules above it, as the asar is: what it cannot find fails the build
      const copy = path.join(stage, 'extracted', bundle);
      await mkdir(path.dirname(copy), { recursive: true });
      await writeFile(copy, extractFile(asarPath, bundle));
      const { metafile } = await build({ entryPoints: [copy], bundle: true, platform: 'node', format: 'cjs', external: ['electron'], write: false, metafile: true, logLevel: 'silent' });
      const imports = Object.values(metafile.outputs).flatMap((output) => output.imports.map((i) => i.path));
      expect(imports.filter((name) => !allowed.has(name)), bundle).toEqual([]);
      expect(Object.keys(metafile.inputs), bundle).toHaveLength(1);
    }
  });

  it('puts the hub, its database files and migrations where main looks for them, outside the asar', async () => {
    const paths = appPaths({ appRoot: asarPath, isPackaged: true, resourcesPath: resources });
    const inside = (file: string) => `/${path.relative(asarPath, file).split(path.sep).join('/')}`;
    expect(inAsar).toContain(inside(paths.indexFile));
    expect(inAsar).toContain(inside(paths.preload));

    expect((await stat(paths.hubEntry)).isFile()).toBe(true);
    const serverDir = path.dirname(paths.hubEntry);
    // PGlite reads its wasm and data files next to the module that loads it
    for (const file of ['pglite.wasm', 'pglite.data']) expect((await stat(path.join(serverDir, file))).size).toBeGreaterThan(0);
    expect((await readdir(serverDir)).filter((file) => file.endsWith('.map'))).toEqual([]);

    const migrations = await readdir(paths.migrationsDir);
    const expected = (await readdir('server/db/migrations')).filter((file) => file.endsWith('.sql'));
    expect(migrations.filter((file) => file.endsWith('.sql')).sort()).toEqual(expected.sort());
    expect((await stat(path.join(paths.migrationsDir, 'meta', '_journal.json'))).isFile()).toBe(true);
    // the databases a new data folder starts from, beside hub.mjs where the hub looks
    // (server/embedded-entry.ts), made with the newest migration shipped
    const prepared = JSON.parse(await readFile(path.join(serverDir, PREPARED_MANIFEST), 'utf8')) as PreparedManifest;
    expect(prepared.migration).toBe(journalTags(paths.migrationsDir).at(-1));
    for (const file of [prepared.demo, prepared.empty]) {
      const names = tarEntries(gunzipSync(await readFile(path.join(serverDir, file)))).map((entry) => entry.name);
      expect(names).toEqual(expect.arrayContaining(['PG_VERSION', 'global/pg_control']));
    }
    // the desktop start: the modules hub.mjs loads on first use (scripts/lazy-modules.ts) travel beside it
    const lazy = [...(await readFile(paths.hubEntry, 'utf8')).matchAll(/require\("\.\/(lazy\/[^"]+)"\)/g)].map((match) => match[1]);
    expect(lazy).toEqual(['lazy/_zxcvbn-ts_language-common.cjs']);
    for (const file of lazy) expect((await stat(path.join(serverDir, file))).size, file).toBeGreaterThan(0);
    // the tray loads the app's icon from a plain file
    expect(await readFile(paths.icon)).toEqual(await readFile('resources/icon.png'));
  });
});
