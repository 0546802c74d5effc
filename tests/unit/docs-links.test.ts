import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The repository stands on its own. Every relative link in the documentation, and every
// repository path it names in backticks (`server/app.ts`, `npx tsx bench/api.ts`), must be a file
// or folder of this repository: not a file beside the clone (`../shared/design.md`), not one that
// was renamed or deleted since the page was written.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The pages a reader of a fresh clone is sent to. */
function documents(): string[] {
  const docs = existsSync(path.join(ROOT, 'docs'))
    ? readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)
    : [];
  return ['README.md', 'SECURITY.md', 'bench/README.md', ...docs.sort()];
}

/**
 * Build output and local data (.gitignore's top-level folders: dist/, release/, .hub-data/...):
 * the pages name them (`dist/renderer` is what the hub serves), but a fresh clone has none yet.
 */
function generatedRoots(): Set<string> {
  const ignore = readFileSync(path.join(ROOT, '.gitignore'), 'utf8');
  const roots = ignore
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^\/?[\w.-]+\/?$/.test(line) && !line.startsWith('#'))
    .map((line) => line.replace(/^\/|\/$/g, ''));
  return new Set(roots);
}

interface Reference {
  /** 1-based line of the page */
  line: number;
  kind: 'link' | 'path';
  /** as written */
  target: string;
  /** repository-relative path it names (posix), or a path starting with '..' when it leaves the repository */
  resolved: string;
}

const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** what a repository path names, last: a file type we keep in the repository */
const FILE_EXTENSION = /\.(ts|tsx|js|mjs|cjs|json|md|yml|yaml|sql|sh|png|svg|html|css)$/;
/** placeholders, globs, options, URLs, package scopes, shell and JSON: not a path of ours */
const NOT_A_PATH = /[<>{}*:=$'"()[\]|?#@~,;`\\]/;

function posix(relative: string): string {
  return relative.split(path.sep).join('/');
}

/** A token from inline or fenced code that names a repository path, root-relative; else null. */
function repoPathOf(token: string, topLevel: ReadonlySet<string>, generated: ReadonlySet<string>): string | null {
  let candidate = token.replace(/[.,;:]+$/, '');
  if (!candidate.includes('/') || NOT_A_PATH.test(candidate)) return null;
  if (candidate.startsWith('/') || candidate.startsWith('-')) return null; // an API path (/api/docs), an option
  candidate = candidate.replace(/^\.\//, '');
  // dots and slashes alone (an example of bad input: encoded `../`) name no place
  if (/^[./]*$/.test(candidate)) return null;
  const first = candidate.split('/')[0];
  if (generated.has(first)) return null;
  // a path out of the repository is always one to report; otherwise a path is one that starts at a
  // top-level entry of ours or ends in a file type we keep (`sever/app.ts` is a path, misspelt)
  if (first !== '..' && !topLevel.has(first) && !FILE_EXTENSION.test(candidate)) return null;
  return candidate;
}

/** Relative links ([text](target), ![alt](target), [ref]: target) and backticked repository paths. */
function referencesIn(page: string, text: string, topLevel: ReadonlySet<string>, generated: ReadonlySet<string>): Reference[] {
  const found: Reference[] = [];
  const pageDir = path.posix.dirname(page);
  let fenced = false;
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    if (/^\s*(```|~~~)/.test(raw)) {
      fenced = !fenced;
      return;
    }
    const addPath = (token: string) => {
      const candidate = repoPathOf(token, topLevel, generated);
      if (candidate !== null) found.push({ line, kind: 'path', target: token, resolved: path.posix.normalize(candidate) });
    };
    if (fenced) {
      // commands and layouts in code blocks name paths too (`npx tsx bench/api.ts`)
      for (const token of raw.split(/\s+/)) addPath(token);
      return;
    }
    for (const match of raw.matchAll(/`([^`]+)`/g)) {
      for (const token of match[1].trim().split(/\s+/)) addPath(token);
    }
    const withoutCode = raw.replace(/`[^`]*`/g, '');
    const targets = [
      ...[...withoutCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
      ...[...withoutCode.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/g)].map((m) => m[1]),
    ];
    for (const target of targets) {
      if (URL_SCHEME.test(target) || target.startsWith('#')) continue;
      const bare = decodeURIComponent(target.replace(/[#?].*$/, ''));
      // an absolute link (/api/docs) leads nowhere on a repository's page: report it as it is
      const resolved = bare.startsWith('/') ? bare : path.posix.normalize(path.posix.join(pageDir, bare));
      found.push({ line, kind: 'link', target, resolved });
    }
  });
  return found;
}

/** What is wrong with a reference, or null: it leaves the repository, or names nothing in it. */
function problemOf(reference: Reference, exists: (relative: string) => boolean): string | null {
  const { resolved } = reference;
  if (resolved.startsWith('/')) return 'is an absolute path, not a file of the repository';
  if (resolved === '..' || resolved.startsWith('../')) return 'points outside the repository';
  if (!exists(resolved)) return 'names no file or folder of the repository';
  return null;
}

const topLevel = new Set(readdirSync(ROOT));
const generated = generatedRoots();
const existsInRepo = (relative: string) => {
  const absolute = path.resolve(ROOT, relative);
  return posix(path.relative(ROOT, absolute)).split('/')[0] !== '..' && existsSync(absolute);
};

describe('the documentation of a fresh clone', () => {
  it('has the front door, the security page, the benchmarks page and the docs folder', () => {
    const pages = documents();
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'SECURITY.md', 'bench/README.md', 'docs/architecture.md', 'docs/operations.md', 'docs/api.md']));
    for (const page of pages) expect(existsSync(path.join(ROOT, page)), page).toBe(true);
  });

  it.each(documents())('%s links and names only files of the repository', (page) => {
    const text = readFileSync(path.join(ROOT, page), 'utf8');
    const references = referencesIn(page, text, topLevel, generated);
    const problems = references
      .map((reference) => ({ reference, problem: problemOf(reference, existsInRepo) }))
      .filter((checked) => checked.problem !== null)
      .map(({ reference, problem }) => `${page}:${reference.line} ${reference.kind} ${reference.target} ${problem}`);
    expect(problems).toEqual([]);
    // the page was read: a page that names nothing would make the check above say nothing
    expect(references.length).toBeGreaterThan(0);
  });
});

describe('what the documentation check reads', () => {
  const top = new Set(['server', 'docs', 'bench', 'README.md']);
  const gen = new Set(['dist', 'node_modules']);
  const page = [
    'See [the architecture](architecture.md#layers), [the front door](../README.md) and [design](../../shared/design.md).',
    'Not links: [site](https://fastify.dev), [mail](mailto:it@example.org), [top](#top), and [api](/api/docs).',
    'Paths: `server/app.ts`, `sever/app.ts`, `npx tsx bench/api.ts --staff 1000`, `../shared/design.md`; bad input: `../`.',
    'Not paths: `/api/health`, `dist/renderer`, `text/csv`, `offline-cache/user-<id>.json`, `@tanstack/react-query`, `HUB_DATA_DIR=./.hub-data`, `p50/p99`.',
    '```sh',
    'node --import tsx bench/exports.ts --sizes 1000',
    '```',
    '[ref]: ../bench/README.md',
  ].join('\n');
  const references = referencesIn('docs/operations.md', page, top, gen);

  it('resolves relative links against the page and keeps anchors off', () => {
    expect(references.filter((r) => r.kind === 'link').map((r) => r.resolved)).toEqual([
      'docs/architecture.md',
      'README.md',
      '../shared/design.md',
      '/api/docs',
      'bench/README.md',
    ]);
  });

  it('reads backticked and fenced repository paths from the root, and leaves URLs, API paths, placeholders and build output alone', () => {
    expect(references.filter((r) => r.kind === 'path').map((r) => r.resolved)).toEqual([
      'server/app.ts',
      'sever/app.ts',
      'bench/api.ts',
      '../shared/design.md',
      'bench/exports.ts',
    ]);
  });

  it('reports a path outside the repository, an absolute link and a missing file', () => {
    const exists = (relative: string) => ['docs/architecture.md', 'README.md', 'server/app.ts', 'bench/api.ts', 'bench/exports.ts', 'bench/README.md'].includes(relative);
    const problems = references.map((r) => [r.target, problemOf(r, exists)]).filter(([, problem]) => problem !== null);
    expect(problems).toEqual([
      ['../../shared/design.md', 'points outside the repository'],
      ['/api/docs', 'is an absolute path, not a file of the repository'],
      ['sever/app.ts', 'names no file or folder of the repository'],
      ['../shared/design.md', 'points outside the repository'],
    ]);
  });
});
