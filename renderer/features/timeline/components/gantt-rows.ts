import type { TimelineObjective } from '../../../../shared/api/timeline';
import { supportsText } from '../../../../shared/rules/alignment-supports';
import { barSpan, priorityColor, progressOf } from '../../../../shared/rules/timeline';

// Each bar's progress is the hub's (shared/rules/objective-progress.ts, the cards' figure); a hub
// of the previous release sends none, and its bars keep the spec's status rule (§9).

// The Gantt's flat row list: each objective, then its key results when expanded.

export interface GanttRow {
  key: string;
  kind: 'objective' | 'keyResult';
  objectiveId: number;
  title: string;
  owner: string;
  status: string;
  from: number;
  to: number;
  progress: number;
  color: string;
  hasChildren: boolean;
  /** what the objective supports, as one line ('' for none and for key results) */
  supports: string;
}

export function ganttRows(items: TimelineObjective[], collapsed: ReadonlySet<number>): GanttRow[] {
  const rows: GanttRow[] = [];
  for (const o of items) {
    rows.push({
      key: `o${o.id}`, kind: 'objective', objectiveId: o.id, title: o.title, owner: o.owner.name, status: o.status,
      ...barSpan(o.start, o.deadline), progress: o.progress ?? progressOf('objective', o.status), color: priorityColor(o.priority), hasChildren: o.keyResults.length > 0,
      supports: supportsText(o.supports),
    });
    if (collapsed.has(o.id)) continue;
    for (const k of o.keyResults) {
      rows.push({
        key: `k${k.id}`, kind: 'keyResult', objectiveId: o.id, title: k.title, owner: o.owner.name, status: k.status,
        ...barSpan(k.start, k.deadline), progress: k.progress ?? progressOf('keyResult', k.status), color: priorityColor(k.priority), hasChildren: false, supports: '',
      });
    }
  }
  return rows;
}

/** The days the chart spans: every bar, with a few days of margin. */
export function rangeOf(items: TimelineObjective[]): { from: number; to: number } {
  let from = Infinity;
  let to = -Infinity;
  for (const o of items) {
    for (const t of [o, ...o.keyResults]) {
      const span = barSpan(t.start, t.deadline);
      from = Math.min(from, span.from);
      to = Math.max(to, span.to);
    }
  }
  return Number.isFinite(from) ? { from: from - 3, to: to + 3 } : { from: 0, to: 0 };
}
