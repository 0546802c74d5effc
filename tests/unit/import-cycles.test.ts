import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// No two modules of the product import each other, however far round (docs/architecture.md
// 'Layers'): a cycle is where a change to one file needs the other, and where a module is used
// before it has run. Every static import and re-export counts, type-only ones too (a type that
// both sides need belongs to a third file). Tests are left out; they import what they check.

const ROOTS = ['server/', 'shared/', 'renderer/', 'electron/'];
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(): string[] {
  return execFileSync('git', ['ls-files', ...ROOTS], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => SOURCE.test(f) && !/\.test\.tsx?$/.test(f) && existsSync(f));
}

/** The module an import names: the file itself, with an extension, or a folder's index. */
function resolveImport(from: string, spec: string, known: Set<string>): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec.replace(/\?.*$/, '')));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, base.replace(/\.js$/, '.ts')]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

export function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(files.map((file) => {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)].map((m) => resolveImport(file, m[1], known)).filter((t): t is string => t !== null);
    return [file, [...new Set(targets)]];
  }));
}

/** The strongly connected groups of more than one file (Tarjan), and files that import themselves. */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import cycles', () => {
  it('finds a cycle however far round, and none in a chain', () => {
    expect(cyclesOf(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c']]);
    expect(cyclesOf(new Map([['a', ['b']], ['b', ['c']], ['c', []]]))).toEqual([]);
  });

  it('reads every import form, type-only and re-exports included', () => {
    const graph = importGraph(['server/app.ts', 'server/db/client.ts']);
    expect(graph.get('server/app.ts')).toContain('server/db/client.ts');
  });

  it('the product has none: no module of server, shared, renderer or electron imports itself back', () => {
    const cycles = cyclesOf(importGraph(sourceFiles()));
    expect(cycles.map((c) => c.join(' -> ')), 'import cycles').toEqual([]);
  });
});
