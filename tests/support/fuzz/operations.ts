import type { JsonSchema } from './schema-values';

// The operations of the hub's own OpenAPI document (GET /api/docs), as the fuzz test walks them:
// a route added tomorrow is fuzzed without anyone listing it.

export interface Parameter {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export interface Operation {
  method: string;
  /** '/api/objective/{id}' as the document names it */
  template: string;
  /** 'PUT /api/objective/:id' as Fastify registers it (the route table's key) */
  key: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** the application/json body schema, when the operation takes one */
  body?: JsonSchema;
  /** needs no session (the document's `security: []`) */
  open: boolean;
}

interface DocParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface DocOperation {
  parameters?: DocParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(doc: { paths: Record<string, Record<string, DocOperation>> }): Operation[] {
  const out: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = (where: string) => (op.parameters ?? [])
        .filter((p) => p.in === where)
        .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: p.required ?? where === 'path' }));
      out.push({
        method: method.toUpperCase(),
        template,
        key: `${method.toUpperCase()} ${template.replace(/\{(\w+)\}/g, ':$1')}`,
        pathParams: params('path'),
        queryParams: params('query'),
        body: op.requestBody?.content?.['application/json']?.schema,
        open: Array.isArray(op.security) && op.security.length === 0,
      });
    }
  }
  return out;
}

/** The path parameters of a concrete path (a route-table sample) for a template, or null. */
export function matchTemplate(template: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}$`).exec(path);
  if (!match) return null;
  return Object.fromEntries(names.map((name, i) => [name, match[i + 1]]));
}
