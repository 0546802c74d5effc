import { createRequire } from 'node:module';
import type { Plugin } from 'esbuild';

// The embedded hub's warm start. A bundle evaluates every module it holds before the hub's first
// line runs; a big one that serves only rare requests costs the start more than the routes:
// @zxcvbn-ts/language-common (password changes; it unpacks its dictionaries when evaluated) ~5 %
// of the start's CPU (exceljs was ~15 % until the exports wrote their own xlsx). In the bundle, an
// import of such a module gets a stand-in whose first read of an export loads the real module,
// bundled on its own beside hub.mjs. Importers keep their static imports (the web hub runs the
// sources unchanged); the exports must only be read when used, which is how the hub uses it
// (dictionary in the password checker it builds on first use).

const NAMESPACE = 'lazy-module';

/** Where a lazy module's own bundle goes, beside the main one (scripts/build-server.ts writes it). */
export const lazyModuleFile = (name: string) => `lazy/${name.replace(/[^a-z0-9.-]+/gi, '_')}.cjs`;

export function lazyModules(names: readonly string[]): Plugin {
  const filter = new RegExp(`^(${names.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`);
  const buildRequire = createRequire(import.meta.url);
  return {
    name: 'lazy-modules',
    setup(build) {
      build.onResolve({ filter }, (args) => ({ path: args.path, namespace: NAMESPACE }));
      // its own bundle, required at run time from beside hub.mjs: its code is not even parsed at start
      build.onResolve({ filter: /^\.\/lazy\// }, (args) => (args.namespace === NAMESPACE ? { path: args.path, external: true } : undefined));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        // one getter per export, named here at build time: the bundle's interop copies them as
        // getters, so an importer's named import reads through to the real module when used
        const exported = Object.keys(buildRequire(args.path) as object);
        return {
          resolveDir: process.cwd(),
          loader: 'js',
          contents: [
            'let real;',
            `const load = () => (real ??= require(${JSON.stringify(`./${lazyModuleFile(args.path)}`)}));`,
            `for (const key of ${JSON.stringify(exported)}) Object.defineProperty(module.exports, key, { enumerable: true, get: () => load()[key] });`,
          ].join('\n'),
        };
      });
    },
  };
}
