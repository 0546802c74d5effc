import { expect } from 'vitest';
import { scaledSize } from '../../server/db/seed/large';
import type { TestHub } from './hub';

// Tests that read the plans PostgreSQL (or PGlite) makes for the hub's own SQL on
// the large company: the statements are captured from real requests under the driver, and each
// plan is read with EXPLAIN, no planner settings forced, so it is the plan the hub gets.

/** The large company at 1,000 staff (25,000 objectives, 100,000 key results), without hours. */
export const PLANS_COMPANY = { ...scaledSize(1000), timeTaskDays: 5 };

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
}

export interface Statement {
  text: string;
  params: unknown[];
}

export interface RawClient {
  /** node-postgres gets a config object from Drizzle, PGlite the text */
  query(text: string | { text: string }, params?: unknown[], options?: unknown): Promise<{ rows: Array<Record<string, unknown>> }>;
}

/** A node and every node under it. */
export const planNodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(planNodes)];

export const seqScans = (plan: PlanNode[]) => plan.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name'] ?? '?');
export const indexNames = (plan: PlanNode[]) => plan.map((n) => n['Index Name']).filter(Boolean);
export const usesIndexOn = (plan: PlanNode[], table: string) =>
  plan.some((n) => n['Node Type'].includes('Index') && n['Relation Name'] === table) ||
  plan.some((n) => n['Node Type'] === 'Bitmap Heap Scan' && n['Relation Name'] === table);
/** The plan in one line, for a failure message. */
export const planText = (plan: PlanNode[]) => JSON.stringify(plan.map((n) => [n['Node Type'], n['Relation Name'], n['Index Name']]));

export interface StatementRecorder {
  /** the driver under Drizzle (node-postgres pool or PGlite) */
  client: RawClient;
  /** The statements the hub sent while answering `path` as the holder of `token` (answered 200), and its answer. */
  record(token: string, path: string): Promise<{ statements: Statement[]; body: { data: Record<string, unknown> } }>;
  /** The statements alone. */
  statementsOf(token: string, path: string): Promise<Statement[]>;
  /** The statement's plan, every node of it. */
  planOf(statement: Statement): Promise<PlanNode[]>;
}

/** Records every statement the hub sends through its driver from now on, when asked. */
export function recordStatements(hub: TestHub): StatementRecorder {
  const client = (hub.db as unknown as { $client: RawClient }).$client;
  let recording: Statement[] | null = null;
  const query = client.query.bind(client);
  client.query = (text, params, options) => {
    recording?.push({ text: typeof text === 'string' ? text : text.text, params: params ?? [] });
    return query(text, params, options);
  };
  const record: StatementRecorder['record'] = async (token, path) => {
    const statements: Statement[] = [];
    recording = statements;
    try {
      const response = await hub.get(path, { token });
      expect(response.status, `${path} ${JSON.stringify(response.body).slice(0, 300)}`).toBe(200);
      return { statements, body: response.body };
    } finally {
      recording = null;
    }
  };
  return {
    client,
    record,
    statementsOf: async (token, path) => (await record(token, path)).statements,
    async planOf(statement) {
      const result = await query(`explain (format json) ${statement.text}`, statement.params);
      const raw = result.rows[0]['QUERY PLAN'];
      const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
      return planNodes(parsed[0].Plan);
    },
  };
}
