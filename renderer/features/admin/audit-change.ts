// How an audit row's before/after reads in the Audit tab: only what changed, one line per field.

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

export function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(show).join(', ') : '—';
  if (isObject(value)) return 'name' in value ? show(value.name) : JSON.stringify(value);
  return String(value);
}

export interface ChangeLine {
  field: string;
  from?: string;
  to?: string;
}

/** Fields that differ; a create lists what was set, a delete what was there. */
export function describeChange(before: unknown, after: unknown): ChangeLine[] {
  const b = isObject(before) ? before : {};
  const a = isObject(after) ? after : {};
  // ids are how the hub joins rows; the names beside them are what a reader needs
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((f) => f !== 'id' && !f.endsWith('Id'));
  const lines: ChangeLine[] = [];
  for (const field of fields) {
    const from = field in b ? show(b[field]) : undefined;
    const to = field in a ? show(a[field]) : undefined;
    if (from === to) continue;
    lines.push({ field, from: isObject(before) ? from : undefined, to: isObject(after) ? to : undefined });
  }
  return lines;
}

/** 'team Orion', or 'user #12' when the row names nothing. */
export function subjectOf(entry: { entity: string; entityId: string; before: unknown; after: unknown }): string {
  const named = [entry.after, entry.before].find((v) => isObject(v) && typeof v.name === 'string') as Json | undefined;
  return named ? `${entry.entity} ${String(named.name)}` : `${entry.entity} #${entry.entityId}`;
}
