import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The tracker the project was built from is not part of the repository: whoever clones it cannot
// read a reference to one of its tickets by number. Code, comments, test names and docs name the
// rule, the spec section (spec §6) or the doc section (docs/api.md#alignment) instead. This test
// holds every tracked file of the source and documentation folders to that.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the rule holds: every tracked file under these folders, and these files at the root. */
const CHECKED = [
  'server',
  'renderer',
  'electron',
  'shared',
  'docs',
  'bench',
  'scripts',
  'deploy',
  'tests',
  '.ci',
  'README.md',
  'SECURITY.md',
  'vitest.config.ts',
  'eslint.config.js',
  'vite.config.ts',
  'drizzle.config.ts',
  'electron-builder.yml',
];

/**
 * Files the rule leaves alone: the lock file (generated, and its package names are not ours), and
 * the SQL migrations, which are never edited once committed (a hub applies each one once; an edit
 * would change what an existing database was built from).
 */
function exempt(file: string): boolean {
  return path.posix.basename(file) === 'package-lock.json' || (file.startsWith('server/db/migrations/') && file.endsWith('.sql'));
}

// The word is put together here, so that this file does not hold the phrase it looks for.
const WORD = ['iss', 'ue'].join('');

/**
 * The word (or its plural), in any case, then a number: on the same line after spaces, or at the
 * end of a line with the number on the next, after a comment's leader (`//`, ` * `, `#`, `--`).
 * `#24` counts as well. Not a match: `error.issues[0]`, a tracker URL's `/issues/2975`.
 */
const REFERENCE = new RegExp(String.raw`\b${WORD}s?(?:[ \t]+|[ \t]*\r?\n[ \t]*(?:\/\/|\*|#|--)?[ \t]*)#?\d+\b`, 'gi');

/** `path:line: the line` for each reference in `text`, the line being where the reference starts. */
function referencesIn(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(REFERENCE)) {
    const before = text.slice(0, match.index);
    const line = before.split('\n').length;
    const lineText = text.split('\n')[line - 1].trim();
    found.push(`${file}:${line}: ${lineText.length > 160 ? `${lineText.slice(0, 157)}...` : lineText}`);
  }
  return found;
}

/** Tracked files under CHECKED, repository-relative with forward slashes. */
function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--', ...CHECKED], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return out.split('\0').filter((file) => file !== '');
}

/** A file with a NUL byte in it is binary (a PNG, a zip, a wasm): it holds no prose. */
function isBinary(bytes: Buffer): boolean {
  return bytes.includes(0);
}

describe('no reference to a tracker ticket by number', () => {
  it('the source, tests and documentation name the rule or the doc section instead', () => {
    const files = trackedFiles();
    // a checkout without git, or a list that came back empty, would make the check say nothing
    expect(files.length).toBeGreaterThan(100);
    expect(files).toEqual(expect.arrayContaining(['README.md', 'SECURITY.md', 'docs/api.md', 'shared/ipc.ts']));
    const hits: string[] = [];
    for (const file of files) {
      if (exempt(file)) continue;
      let bytes: Buffer;
      try {
        bytes = readFileSync(path.join(ROOT, file));
      } catch {
        continue; // tracked but deleted in the work tree: nothing to read
      }
      if (isBinary(bytes)) continue;
      hits.push(...referencesIn(file, bytes.toString('utf8')));
    }
    // each hit once, as path:line, in the failure message
    expect(hits.length, `references by number; write the rule, spec § or doc section instead:\n${hits.join('\n')}\n`).toBe(0);
  });
});

describe('what the check finds', () => {
  const lines = (text: string) => referencesIn('x.ts', text).map((hit) => hit.split(':')[1]);

  it('finds the word and a number in any case, singular or plural, in brackets or possessive', () => {
    const text = [
      `// ${WORD} 24: levels`,
      `/** since ${WORD.toUpperCase()} 9 */`,
      `describe('${WORD[0].toUpperCase()}${WORD.slice(1)}s 25 and 26', () => {});`,
      `the first start (${WORD} 20)`,
      `${WORD} 20's last misses`,
      `see ${WORD} #23`,
    ].join('\n');
    expect(lines(text)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('finds a number wrapped onto the next comment line, and names the line the word is on', () => {
    expect(lines(`// a\n// the prepared databases (${WORD}\n// 20, read beside the bundle)`)).toEqual(['2']);
    expect(lines(`/**\n * kept (${WORD}\n * 18) */`)).toEqual(['2']);
  });

  it('leaves the word alone when no number follows it', () => {
    const text = [
      `const first = body.error.${WORD}s[0];`,
      `[exceljs#2975](https://github.com/exceljs/exceljs/${WORD}s/2975)`,
      `public ${WORD} for a vulnerability.`,
      `${WORD}s\n\nof 2026`,
      `t${WORD} 12`,
    ].join('\n');
    expect(lines(text)).toEqual([]);
  });

  it('exempts the lock file and the committed SQL migrations only', () => {
    expect(exempt('package-lock.json')).toBe(true);
    expect(exempt('server/db/migrations/0015_alignment.sql')).toBe(true);
    expect(exempt('server/db/migrations/meta/_journal.json')).toBe(false);
    expect(exempt('server/db/schema.ts')).toBe(false);
    expect(exempt('docs/api.md')).toBe(false);
  });
});
