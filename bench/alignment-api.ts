import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { startHub } from '../server/start';
import { alignLargeCompany } from '../tests/support/aligned-company';
import { largeDatabase } from './support/large-company';

// issue 24 'alignment view', the hub's side of "opens in under a second on the large company
// (250,000 objectives); levels load as they are unfolded". The large company on PostgreSQL with an
// aligned set added on top (tests/support/aligned-company.ts: company objectives, a team objective
// per team, every 10th personal objective supporting its team's), then, signed in as the owner and
// as a member, the median and worst of repeated calls: the tree's top, a company objective
// unfolded, a team objective unfolded (one page of its supporters), a search, the picker.
// (bench/alignment-view.ts measures the screen.)
//
//   npx tsx bench/alignment-api.ts [--staff N] [--reps n]     (DATABASE_URL=postgres://... to reuse one)

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const STAFF = arg('staff', 10_000);
const REPS = arg('reps', 20);

const log = (message: string) => console.log(message);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function main() {
  const large = await largeDatabase(STAFF, log);
  try {
    const database = await openDatabase({ databaseUrl: large.url });
    try {
      log(`aligned set added: ${JSON.stringify(await alignLargeCompany(database.db))}`);
      const [{ objectives }] = rowsOf<{ objectives: number }>(await database.db.execute(sql`select count(*)::int as objectives from objectives`));
      log(`objectives: ${objectives}`);
    } finally {
      await database.close();
    }
    const hub = await startHub({ databaseUrl: large.url, port: 0, host: '127.0.0.1', demo: true });
    try {
      const call = async (token: string, path: string) => {
        const started = performance.now();
        const res = await fetch(`${hub.url}${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
        const body = await res.text();
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
        return { ms: performance.now() - started, body };
      };
      const login = async (username: string) => {
        const res = await fetch(`${hub.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'demo' }) });
        return ((await res.json()) as { data: { access_token: string } }).data.access_token;
      };
      for (const who of ['owner', 'member']) {
        const token = await login(who);
        const top = JSON.parse((await call(token, '/api/alignment/tree?limit=100')).body) as { data: { items: Array<{ id: number; level: string }>; total: number } };
        const company = top.data.items.find((i) => i.level === 'company')!.id;
        const under = JSON.parse((await call(token, `/api/alignment/tree?parent_id=${company}&limit=500`)).body) as { data: { items: Array<{ id: number; kind: string; child_count?: number }> } };
        const teams = under.data.items.filter((i) => i.kind === 'objective');
        const team = teams.sort((a, b) => (b.child_count ?? 0) - (a.child_count ?? 0))[0]?.id ?? company;
        const paths = [
          ['tree top (100)', '/api/alignment/tree?limit=100'],
          ['company unfolded', `/api/alignment/tree?parent_id=${company}`],
          ['team unfolded (100)', `/api/alignment/tree?parent_id=${team}&limit=100`],
          ['search "goal"', '/api/alignment/search?q=goal'],
          ['picker', `/api/alignment/candidates?objective_id=${team}&q=goal`],
          ['objective details', `/api/objective/${company}`],
        ];
        log(`\n${who}: the top has ${top.data.total} objectives; the team objective unfolded has ${teams[0]?.child_count ?? 0} supporters`);
        for (const [name, path] of paths) {
          const times: number[] = [];
          let bytes = 0;
          for (let i = 0; i < REPS; i += 1) {
            const { ms, body } = await call(token, path);
            times.push(ms);
            bytes = body.length;
          }
          times.sort((a, b) => a - b);
          log(`  ${name.padEnd(22)} median ${times[Math.floor(times.length / 2)].toFixed(1).padStart(7)} ms   worst ${times[times.length - 1].toFixed(1).padStart(7)} ms   ${(bytes / 1024).toFixed(1)} KiB`);
        }
      }
    } finally {
      await hub.close();
    }
  } finally {
    await large.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
