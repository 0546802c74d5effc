import path from 'node:path';
import { build, type InlineConfig, type Plugin, type Rolldown } from 'vite';

// "Fewer, larger chunks for the first screen after sign-in". Left to itself the bundler
// makes one chunk per set of routes that share a module: ~140 files, of which the login page
// fetched 40 and the objectives page from a cold cache 110, most under 1 KB. Two groups fix the
// screens a person waits for and leave every other route split as before:
// - 'boot': what the login page runs (the entry and the login form, with all they import);
// - 'first-screen': what the shell and the objectives page add to it.
// Which modules those are cannot be read from the source graph: @fluentui/react-components and
// @fluentui/react-icons are barrels that reach every component, so everything would look needed
// by the login page. Tree-shaking knows: a first build with the default split tells which modules
// end up in the chunks each screen loads, and the real build groups exactly those.

/** The lazily loaded modules each group starts from (boot: and the entry), under renderer/. */
export const FIRST_SCREEN_ROOTS = {
  boot: ['features/auth/pages/LoginPage.tsx'],
  // the objectives page sits in the objective area's layout (its navigation)
  'first-screen': ['app/shell/ShellLayout.tsx', 'app/shell/ObjectiveArea.tsx', 'features/objectives/pages/ObjectivesPage.tsx', 'app/AppToaster.tsx'],
} as const;

type Group = keyof typeof FIRST_SCREEN_ROOTS;

interface ChunkFacts { facade: string | null; isEntry: boolean; imports: string[]; modules: string[] }

/** Chunks (by file name) reachable by static imports from the given ones, themselves included. */
function staticClosure(chunks: Map<string, ChunkFacts>, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(chunks.get(file)?.imports ?? []));
  }
  return seen;
}

/** Which group each module goes to, from a build's chunks; modules of other routes are left out. */
export function planGroups(chunks: Map<string, ChunkFacts>, root: string): Map<string, Group> {
  const byFacade = new Map<string, string>();
  for (const [file, chunk] of chunks) if (chunk.facade) byFacade.set(path.relative(root, chunk.facade), file);
  const chunkOf = (module: string) => {
    const file = byFacade.get(module);
    // A renamed or no longer lazy root would silently undo the grouping: fail the build instead.
    if (!file) throw new Error(`first-screen chunks: ${module} is not a chunk of its own in the first build`);
    return file;
  };
  const entries = [...chunks].filter(([, chunk]) => chunk.isEntry).map(([file]) => file);
  const boot = staticClosure(chunks, [...entries, ...FIRST_SCREEN_ROOTS.boot.map(chunkOf)]);
  const first = staticClosure(chunks, FIRST_SCREEN_ROOTS['first-screen'].map(chunkOf));
  const plan = new Map<string, Group>();
  for (const file of first) for (const module of chunks.get(file)!.modules) plan.set(module, 'first-screen');
  // boot wins: what the login page needs is never left waiting for the first screen's chunk
  for (const file of boot) for (const module of chunks.get(file)!.modules) plan.set(module, 'boot');
  return plan;
}

/**
 * Builds once without writing, with the default split, and returns the groups for the real build.
 * The entry module itself stays in the entry chunk; everything the boot group captures is loaded
 * with it, so the login page is the document, two scripts and the theme files.
 */
export async function firstScreenGroups(config: InlineConfig): Promise<Rolldown.CodeSplittingGroup[]> {
  let chunks = new Map<string, ChunkFacts>();
  const collect: Plugin = {
    name: 'hub-first-screen-collect',
    generateBundle(_options, bundle) {
      chunks = new Map(Object.values(bundle).flatMap((item) => item.type === 'chunk'
        ? [[item.fileName, { facade: item.facadeModuleId, isEntry: item.isEntry, imports: item.imports, modules: Object.keys(item.modules) }]]
        : []));
    },
  };
  await build({
    ...config,
    configFile: false,
    logLevel: 'silent',
    // only what decides the chunks: no precompressed copies, no offline file list
    plugins: [...(config.plugins ?? []).filter((p) => !(p && 'apply' in p && p.apply === 'build')), collect],
    build: { ...config.build, write: false, minify: false },
  });
  const plan = planGroups(chunks, path.resolve(config.root ?? '.'));
  // Priorities: boot first, so the first screen's group never pulls the login page's modules in
  // as its dependencies.
  return (['boot', 'first-screen'] as const).map((name, i) => ({
    name,
    priority: 20 - i * 10,
    test: (id: string) => plan.get(id) === name,
  }));
}
