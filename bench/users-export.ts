import { randomBytes } from 'node:crypto';
import { openDatabase } from '../server/db/client';
import { teamMembers, teams, users, jobs } from '../server/db/schema';
import { exportUsers } from '../server/features/team/users-data';
import { usersWorkbookStream } from '../server/features/team/users-xlsx';
import { directoryWhere } from '../server/features/team/people-directory';
import type { Actor } from '../shared/rules/session-user';

// "Exports": 2,000 members in 'Bistone Users Information.xlsx' in under 2 s. Measures
// the query and the streamed workbook (what GET /api/exports/users.xlsx does) on in-memory PGlite.
//
//   npx tsx bench/users-export.ts [members, default 2000] [runs, default 3]

const MEMBERS = Number(process.argv[2] ?? 2000);
const RUNS = Number(process.argv[3] ?? 3);

const database = await openDatabase({});
await database.migrate();
const { db } = database;
const [job] = await db.insert(jobs).values({ name: 'Engineer' }).returning();
const teamRows = await db.insert(teams).values(Array.from({ length: 20 }, (_, i) => ({ name: `Team ${i}` }))).returning();
for (let start = 0; start < MEMBERS; start += 500) {
  const batch = Array.from({ length: Math.min(500, MEMBERS - start) }, (_, k) => {
    const i = start + k;
    return {
      name: `Member ${i} ${randomBytes(2).toString('hex')}`, username: `m${i}`, email: `m${i}@bench.test`, phone: '+40 700 000 000', jobId: job.id, joinDate: '2020-01-15',
      extras: {
        relevantExperience: [{ company: 'Acme', position: 'Dev', startDate: '01/2015', endDate: '12/2019', description: 'Work' }, { company: 'Bitstone', position: 'Dev', startDate: '01/2020', endDate: 'Present' }],
        projectsInfo: [{ title: 'Apollo', mainGoal: 'Ship', responsabilities: 'All', technicalSkills: 'TS' }, { title: 'Zeus' }],
      },
    };
  });
  const inserted = await db.insert(users).values(batch).returning({ id: users.id });
  await db.insert(teamMembers).values(inserted.map((u, k) => ({ userId: u.id, teamId: teamRows[(start + k) % teamRows.length].id, isLead: (start + k) % 50 === 0 })));
}

const admin: Actor = { id: -1, role: { id: 1, name: 'Admin' }, capabilities: ['EXPORT_USERS', 'EDIT_RELEVANT_EXPERIENCE'], isOwner: false, isTeamLead: false, isTeamsManager: false, teamIds: [], leadTeamIds: [], managedTeamIds: [] };
const filters = { teams: [], jobs: [], projects: [], teamLeads: false, status: 'active' as const };

for (let run = 1; run <= RUNS; run += 1) {
  const started = performance.now();
  const people = await exportUsers(db, admin, directoryWhere(filters));
  const queried = performance.now();
  let bytes = 0;
  for await (const chunk of usersWorkbookStream(people)) bytes += (chunk as Buffer).length;
  const done = performance.now();
  console.log(`run ${run}: ${people.length} members, query ${(queried - started).toFixed(0)} ms, workbook ${(done - queried).toFixed(0)} ms, total ${(done - started).toFixed(0)} ms, ${(bytes / 1024).toFixed(0)} KiB`);
}
await database.close();
