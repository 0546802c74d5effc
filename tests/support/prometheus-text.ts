// Prometheus' text exposition format (version 0.0.4), read strictly for the metrics tests: a line
// that is not a HELP, a TYPE or a well-formed sample of a declared family fails the parse, so a
// malformed scrape fails the test the way it would fail Prometheus. prom-client has no parser, and
// the npm parsers of this format are unmaintained.

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  /** the sample's own name: a histogram's are <family>_bucket, _sum and _count */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: MetricType;
  help: string;
  samples: Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const HELP_LINE = new RegExp(`^# HELP (${NAME}) (.*)$`);
const TYPE_LINE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const SAMPLE_LINE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: (-?\\d+))?$`);
const SUFFIXES: Record<MetricType, string[]> = { counter: [''], gauge: [''], untyped: [''], histogram: ['_bucket', '_sum', '_count'], summary: ['', '_sum', '_count'] };

function parseValue(text: string, line: string): number {
  if (text === '+Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  if (text === 'NaN') return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`not a sample value: ${line}`);
  return Number(text);
}

/** `a="x",b="y\"z"`, with the format's three escapes (\\, \", \n) and nothing else. */
function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let at = 0;
  while (at < text.length) {
    const eq = text.indexOf('=', at);
    const name = text.slice(at, eq);
    if (eq < 0 || !LABEL_NAME.test(name) || text[eq + 1] !== '"') throw new Error(`bad label in: ${line}`);
    let value = '';
    let i = eq + 2;
    for (; i < text.length && text[i] !== '"'; i++) {
      if (text[i] === '\n') throw new Error(`raw line break in a label: ${line}`);
      if (text[i] !== '\\') {
        value += text[i];
        continue;
      }
      const escaped = ({ '\\': '\\', '"': '"', n: '\n' } as Record<string, string>)[text[++i]];
      if (escaped === undefined) throw new Error(`bad escape in a label: ${line}`);
      value += escaped;
    }
    if (i >= text.length) throw new Error(`unterminated label value: ${line}`);
    if (name in labels) throw new Error(`label ${name} twice: ${line}`);
    labels[name] = value;
    at = i + 1;
    if (at < text.length) {
      if (text[at] !== ',') throw new Error(`bad label separator in: ${line}`);
      at++;
    }
  }
  return labels;
}

/** The families of a scrape, by name. Throws on anything Prometheus would refuse. */
export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const helps = new Map<string, string>();
  const familyOf = (sample: string): Family | undefined => {
    for (const family of families.values()) {
      if (SUFFIXES[family.type].some((suffix) => `${family.name}${suffix}` === sample)) return family;
    }
    return undefined;
  };
  if (!text.endsWith('\n')) throw new Error('the exposition does not end with a line break');
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue;
    const help = HELP_LINE.exec(line);
    if (help) {
      if (helps.has(help[1])) throw new Error(`HELP twice for ${help[1]}`);
      helps.set(help[1], help[2]);
      continue;
    }
    const type = TYPE_LINE.exec(line);
    if (type) {
      if (families.has(type[1])) throw new Error(`TYPE twice for ${type[1]}`);
      families.set(type[1], { name: type[1], type: type[2] as MetricType, help: helps.get(type[1]) ?? '', samples: [] });
      continue;
    }
    if (line.startsWith('#')) throw new Error(`unknown comment line: ${line}`);
    const sample = SAMPLE_LINE.exec(line);
    if (!sample) throw new Error(`not a sample line: ${line}`);
    const family = familyOf(sample[1]);
    if (!family) throw new Error(`a sample of no declared family: ${line}`);
    family.samples.push({ name: sample[1], labels: parseLabels(sample[2] ?? '', line), value: parseValue(sample[3], line) });
  }
  for (const family of families.values()) {
    if (!helps.has(family.name)) throw new Error(`no HELP for ${family.name}`);
    if (family.type === 'histogram') checkHistogram(family);
  }
  return families;
}

/** Per label set: buckets cumulative, ending at +Inf, which equals _count. */
function checkHistogram(family: Family): void {
  const series = new Map<string, { buckets: Array<[number, number]>; count?: number }>();
  for (const sample of family.samples) {
    const { le, ...rest } = sample.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const entry = series.get(key) ?? { buckets: [] };
    series.set(key, entry);
    if (sample.name.endsWith('_bucket')) entry.buckets.push([parseValue(le ?? '', `le of ${family.name}`), sample.value]);
    else if (sample.name.endsWith('_count')) entry.count = sample.value;
  }
  for (const [key, { buckets, count }] of series) {
    const last = buckets[buckets.length - 1];
    if (!last || last[0] !== Infinity || last[1] !== count) throw new Error(`${family.name}${key}: the +Inf bucket must equal _count`);
    buckets.forEach(([le, n], i) => {
      if (i > 0 && (le <= buckets[i - 1][0] || n < buckets[i - 1][1])) throw new Error(`${family.name}${key}: buckets not cumulative`);
    });
  }
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when there is none. */
export function sampleValue(families: Map<string, Family>, family: string, labels: Record<string, string> = {}, name = family): number | undefined {
  const matches = (families.get(family)?.samples ?? []).filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (matches.length > 1) throw new Error(`${matches.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return matches[0]?.value;
}
