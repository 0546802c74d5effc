import type { Tx } from '../client';
import * as schema from '../schema';
import { DEMO_TEAMS, JOB, type JobName } from './catalog';
import { addDays, addMonths, isoDate, isWeekend, startOfDay } from './dates';
import type { DaysOff } from './holidays';
import { insertChunked } from './insert';
import type { Company, SeededPerson } from './people';
import type { Random } from './random';

// spec §2 Time tracking: a report for the current month and the two before it. Days off from
// the holidays calendar have no hours, like in a real company's tracker.

const FEATURES: readonly string[] = [
  'payment retries', 'invoice export', 'SSO login', 'push notifications', 'report filters', 'onboarding flow',
  'audit log', 'search performance', 'CSV import', 'dashboard widgets', 'password reset', 'role permissions',
  'offline sync', 'email templates', 'order history', 'PDF receipts',
];

const WORK_BY_JOB: Partial<Record<JobName, readonly string[]>> = {
  [JOB.qaEngineer]: ['Test {f}', 'Automate regression tests for {f}', 'Verify bug fixes for {f}', 'Exploratory testing of {f}'],
  [JOB.devopsEngineer]: ['Pipeline for {f}', 'Upgrade staging cluster', 'Alerts for {f}', 'Terraform module for {f}'],
  [JOB.projectManager]: ['Sprint planning', 'Client status meeting', 'Release notes for {f}', 'Backlog refinement'],
  [JOB.businessAnalyst]: ['Requirements for {f}', 'Acceptance criteria for {f}', 'Workshop with the client about {f}'],
  [JOB.designer]: ['Wireframes for {f}', 'UI polish for {f}', 'Usability test of {f}'],
  [JOB.hrSpecialist]: ['Interviews', 'Onboarding of new colleagues', 'Payroll preparation', 'Benefits questions'],
  [JOB.officeManager]: ['Office supplies order', 'Meeting room bookings', 'Team building logistics'],
  [JOB.engineeringManager]: ['One-on-ones', 'Hiring interviews', 'Delivery review with {f} stakeholders'],
};
const DEV_WORK: readonly string[] = ['Implement {f}', 'Code review for {f}', 'Fix bug in {f}', 'Refactor {f}', 'Unit tests for {f}'];
const MEETINGS: readonly string[] = ['Daily stand-up and sprint ceremonies', 'Internal tech talk', 'Sprint retrospective'];

/** Who is in the time-tracking database (spec §2): not guest, nor people who never signed up. */
export function tracksTime(person: SeededPerson): boolean {
  return person.status === 'active' && person.registered && person.username !== 'guest' && person.job !== JOB.officeManager;
}

export async function insertTimeTracking(tx: Tx, company: Company, daysOff: DaysOff, random: Random): Promise<void> {
  const tracked = company.people.filter(tracksTime);
  await insertChunked(tx, schema.timetrackingAccounts, tracked.map((person) => ({ userId: person.id, externalUser: person.username })));
  const first = new Date(Date.UTC(company.now.getUTCFullYear(), company.now.getUTCMonth(), 1));
  const from = addMonths(first, -2);
  const today = startOfDay(company.now);
  const tasks: Array<typeof schema.timetrackingTasks.$inferInsert> = [];
  const ticket = new Map(DEMO_TEAMS.map((team) => [team.name, random.int(120, 480)]));
  for (const person of tracked) {
    const off = daysOff.get(person.username);
    const key = DEMO_TEAMS.find((team) => team.name === person.teams[0])?.ticketKey ?? 'INT';
    for (let day = from; day <= today; day = addDays(day, 1)) {
      const date = isoDate(day);
      if (isWeekend(day) || off?.has(date) || random.chance(0.03)) continue;
      const hours = splitDay(random);
      hours.forEach((h, n) => {
        const isMeeting = n === hours.length - 1 && h <= 1 && hours.length > 1;
        let summary = isMeeting ? random.pick(MEETINGS) : fill(random.pick(WORK_BY_JOB[person.job] ?? DEV_WORK), random);
        if (!isMeeting && person.teams.length > 0) {
          const number = (ticket.get(person.teams[0]) ?? 100) + random.int(0, 40);
          summary = `${key}-${number} ${summary}`;
        }
        tasks.push({ externalId: `demo-${person.username}-${date}-${n + 1}`, userId: person.id, date, summary, hours: h });
      });
    }
  }
  await insertChunked(tx, schema.timetrackingTasks, tasks);
}

/** 1-4 tasks of half-hour multiples adding up to a normal 8-hour day (rarely 7.5 or 9). */
function splitDay(random: Random): number[] {
  let halves = random.weighted([[16, 20], [15, 1], [18, 1]]);
  const parts: number[] = [];
  for (let left = random.int(1, 4); left > 1 && halves > 1; left--) {
    const part = random.int(1, Math.max(1, halves - left + 1));
    parts.push(part);
    halves -= part;
  }
  parts.push(halves);
  // No single task over 8 hours: a long day is an 8-hour task plus a short one.
  return parts.filter((part) => part > 0).flatMap((part) => (part > 16 ? [16, part - 16] : [part])).map((part) => part / 2);
}

function fill(template: string, random: Random): string {
  return template.replace('{f}', random.pick(FEATURES));
}
