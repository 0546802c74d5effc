import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { PG_SESSION_OPTIONS } from '../../server/db/client';
import { verifyPassword } from '../../server/features/auth/passwords';
import type { CapturedQuery } from './sql-capture';

// The floor of bench/api.ts: a bare Fastify server that runs, per benchmarked route, exactly the
// SQL the hub sent for one such request (captured by sql-capture.ts), through the same driver
// (node-postgres) with the same pool size, and answers the raw rows as JSON. No auth, no
// validation, no shaping; a sign-in also pays its one scrypt verification, the work no hub can
// skip. Whatever the hub is slower than this is the hub's own overhead.
//
//   FLOOR_ROUTES=routes.json DATABASE_URL=postgres://... PORT=0 npx tsx bench/support/floor.ts

export interface FloorRoute {
  queries: CapturedQuery[];
  /** sign-in: verify this password against this stored hash, like the hub does */
  scrypt?: { password: string; hash: string };
  /** statements the hub sent for the same request, auth included (for the bench table) */
  hubQueries?: number;
}

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
/** sessions.token_hash must stay unique: a replayed sign-in stores a fresh one. */
const TOKEN_HASH = /^[0-9a-f]{64}$/;

const routes = JSON.parse(readFileSync(process.env.FLOOR_ROUTES ?? '', 'utf8')) as Record<string, FloorRoute>;
// The hub's own connection settings (pool size, session options): the same driver, set up the same.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.PG_POOL_MAX ?? 10), options: PG_SESSION_OPTIONS });
pool.on('error', () => {});

const app = Fastify({ logger: false });
app.all('/floor/:name', async (request, reply) => {
  const route = routes[(request.params as { name: string }).name];
  if (!route) return reply.code(404).send({ error: 'no such floor route' });
  if (route.scrypt && !(await verifyPassword(route.scrypt.password, route.scrypt.hash))) return reply.code(401).send({});
  const results = await Promise.all(route.queries
    .filter((q) => !TRANSACTION_CONTROL.test(q.text))
    .map((q) => pool.query({
      text: q.text,
      values: q.values.map((v) => (typeof v === 'string' && TOKEN_HASH.test(v) ? randomBytes(32).toString('hex') : v)),
      ...(q.rowMode === 'array' ? { rowMode: 'array' as const } : {}),
      // the hub's prepared-statement name: the floor parses and plans exactly as often as the hub
      ...(q.name ? { name: q.name } : {}),
    })));
  reply.header('content-type', 'application/json');
  return JSON.stringify(results.map((r) => r.rows));
});

const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
// The parent reads the address from the first line.
console.log(address);
const stop = () => void app.close().then(() => pool.end()).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
