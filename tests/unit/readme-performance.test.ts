import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// README.md's performance table is a short copy of bench/README.md's "Targets and current
// figures": one source for the figures, and this test holds the copy to it. Each README row names
// a target of the bench table (without the bench's notes in brackets), figures from that row, each
// with the word before it ('cold 1.52 s'), and the bench script and date of the run.

/** The rows of the first table under `heading`, each as its cells (a `\|` inside a cell is text). */
function table(markdown: string, heading: string): string[][] {
  const start = markdown.indexOf(`\n${heading}\n`);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const section = markdown.slice(start + heading.length + 2).split(/\n## /)[0];
  const rows = section.split('\n').filter((line) => line.startsWith('|'));
  return rows.slice(2).map((line) => line.slice(1, -1).split(/(?<!\\)\|/).map((cell) => cell.trim()));
}

/** What both tables say alike: no bold, no notes in brackets that name the issue behind a target, single spaces. */
const plain = (text: string) => text.replace(/\*\*/g, '').replace(/\s*\([^()]*\bissue\b[^()]*\)/g, '').replace(/\s+/g, ' ').trim();

/** '84 %', '31–36 ms', '24 / 30 ms', '1,000', each with the word before it when there is one. */
const NUMBER = String.raw`\d+(?:[.,]\d+)*`;
const FIGURE = new RegExp(String.raw`(?<![\p{L}\p{N}.,])(?:[\p{L}\p{N}]+ )?${NUMBER}(?: ?[–/] ?${NUMBER})*(?: ?(?:ms|s|%|KiB|MiB|req/s))?(?![\p{L}\p{N}])`, 'gu');

const readme = table(readFileSync('README.md', 'utf8'), '## Performance');
const bench = table(readFileSync('bench/README.md', 'utf8'), '## Targets and current figures');

describe("README's performance table", () => {
  it('has rows', () => {
    expect(readme.length).toBeGreaterThan(5);
  });

  it.each(readme.map((row) => [row[0], row]))('%s: the figures, script and date of bench/README.md\'s row', (target, [, latest, run]) => {
    const rows = bench.filter(([benchTarget]) => plain(benchTarget) === target);
    expect(rows.map(([t]) => t), `a target of bench/README.md named "${target}"`).toHaveLength(1);
    const [, figure, benchRun] = rows[0].map(plain);
    const figures = plain(latest).match(FIGURE) ?? [];
    expect(figures.length, 'figures in the README row').toBeGreaterThan(0);
    for (const f of figures) expect(figure, `"${f}"`).toContain(f);
    const scripts = run.match(/`[^`]+`/g) ?? [];
    const dates = run.match(/\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2})?/g) ?? [];
    expect(scripts.length, 'the bench that took it').toBeGreaterThan(0);
    for (const part of [...scripts, ...dates]) expect(benchRun, part).toContain(part);
  });
});
