import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holidayEvents, objectives, users } from '../../server/db/schema';
import { sendWeeklyDigests } from '../../server/features/digests';
import { emailConfigFromEnv } from '../../server/features/email';
import { camelize, snakify } from '../../shared/api/case';
import { notificationSettingsBodySchema, notificationSettingsResponseSchema, WEEKLY_DIGEST_LABEL } from '../../shared/api/notification-settings';
import { EMAIL_DIGEST_HOUR } from '../../shared/api/notifications';
import { isoDay } from '../../shared/rules/dates';
import { eq } from 'drizzle-orm';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../support/smtp-sink';
import { buildWorld, type ObjectiveWorld } from './objectives-fixture';

// Monday's digest for team leads and teams managers (docs/operations.md 'Digests'): their teams'
// objectives due this week and overdue, the approvals waiting for them and who is out, each list
// as that person's screens show it, so another team's lead never reads a title of this team's
// private objectives; someone who turned it off gets none.

let sink: SmtpSink;
let w: ObjectiveWorld;

/** The coming Monday at the digest's hour, and days from it. */
const monday = (() => {
  const d = new Date();
  d.setDate(d.getDate() + ((8 - d.getDay()) % 7 || 7));
  d.setHours(EMAIL_DIGEST_HOUR, 30, 0, 0);
  return d;
})();
const fromMonday = (n: number) => isoDay(new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + n));

beforeAll(async () => {
  sink = await startSmtpSink();
  w = await buildWorld({
    email: emailConfigFromEnv({
      HUB_SMTP_URL: `smtp://hub:relay-secret@127.0.0.1:${sink.port}`, HUB_MAIL_FROM: 'Bitstone Hub <hub@bitstone.test>',
      HUB_PUBLIC_URL: 'https://hub.bitstone.test', HUB_SMTP_CA_FILE: sink.caFile,
    })!,
  });
  const objective = (title: string, who: 'member' | 'outsider', deadline: string, teamId: number, status = 'in progress') => ({
    title, description: 'For the digest.', category: 'Technology', subcategory: 'Development', priority: 'medium', deadline,
    authorId: w.ids[who], ownerId: w.ids[who], teamId, status,
  });
  await w.hub.db.insert(objectives).values([
    objective('Private alpha goal', 'member', fromMonday(2), w.alpha),
    objective('Late alpha goal', 'member', fromMonday(-3), w.alpha),
    objective('Alpha goal for next month', 'member', fromMonday(30), w.alpha),
    objective('Beta goal this week', 'outsider', fromMonday(3), w.beta),
  ]);
  await w.hub.db.insert(objectives).values({ ...objective('Alpha goal to approve', 'member', fromMonday(10), w.alpha, 'waiting for approval'), nextStatus: 'completed', level: 'personal' });
  await w.hub.db.insert(holidayEvents).values({ userId: w.ids.mate, title: 'Vacation', start: fromMonday(0), end: fromMonday(4), type: 'vacation', teamIds: [w.alpha] });
});
afterAll(async () => {
  await w?.hub.close();
  await sink?.close();
});

const drain = () => w.hub.app.email.sender!.drain();
const mailTo = async (who: keyof ObjectiveWorld['ids']): Promise<ReceivedMail[]> => {
  const [{ email }] = await w.hub.db.select({ email: users.email }).from(users).where(eq(users.id, w.ids[who]));
  return sink.received.filter((m) => m.envelopeTo[0] === email);
};

describe("Monday's digest for leads and teams managers", () => {
  it("tells a lead their team's week, as their screens show it, and another team's lead none of it", async () => {
    expect(await sendWeeklyDigests(w.hub.db, monday)).toBeGreaterThanOrEqual(2);
    await drain();

    const [lead] = await mailTo('lead');
    expect(lead.parsed.subject).toBe('Your teams this week: 1 due, 1 overdue, 1 waiting for approval, 1 out');
    const text = lead.parsed.text ?? '';
    expect(text).toContain(`${fromMonday(2)} · Private alpha goal (Bogdan Member)`);
    expect(text).toContain(`${fromMonday(-3)} · Late alpha goal (Bogdan Member)`);
    expect(text).toContain('Alpha goal to approve (Bogdan Member)');
    expect(text).toContain(`Carmen Mate: ${fromMonday(0)} to ${fromMonday(4)}`);
    expect(text).not.toContain('next month');
    expect(text).not.toContain('Beta goal');
    expect(lead.parsed.html).toContain('https://hub.bitstone.test/objective-tracking/approvals');

    // the teams manager of alpha gets the same week of alpha
    expect((await mailTo('manager')).map((m) => m.parsed.subject)).toEqual(['Your teams this week: 1 due, 1 overdue, 1 waiting for approval, 1 out']);

    // beta's lead: beta's objective only, never a title of alpha's private ones
    const [other] = await mailTo('otherLead');
    expect(other.parsed.subject).toBe('Your teams this week: 1 due');
    expect(`${other.parsed.text} ${other.parsed.html}`).not.toMatch(/alpha/i);

    // members, and people who lead nothing, get no digest
    expect(await mailTo('member')).toEqual([]);
    expect(await mailTo('mate')).toEqual([]);
  });

  it('goes once a week, on Monday from the hour: a rerun, another hub or Tuesday queue nothing', async () => {
    sink.received.length = 0;
    expect(await sendWeeklyDigests(w.hub.db, monday)).toBe(0);
    const tuesday = new Date(monday.getTime() + 86_400_000);
    expect(await sendWeeklyDigests(w.hub.db, tuesday)).toBe(0);
    const early = new Date(monday);
    early.setHours(EMAIL_DIGEST_HOUR - 1);
    expect(await sendWeeklyDigests(w.hub.db, early)).toBe(0);
    await drain();
    expect(sink.received).toEqual([]);
  });
});

describe("turning Monday's digest off", () => {
  const mondayAfter = (weeks: number) => new Date(monday.getTime() + weeks * 7 * 86_400_000);
  const settings = async (who: 'lead' | 'manager') =>
    notificationSettingsResponseSchema.parse(camelize((await w.hub.get('/api/notifications/settings', { token: w.tokens[who] })).body)).data;
  const header = (mail: ReceivedMail, name: string) => {
    const line = mail.parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line;
    return line === undefined ? undefined : line.slice(line.indexOf(':') + 1).trim();
  };

  it('in Settings: the job skips that lead, and sends it again once they turn it back on', async () => {
    const put = (weeklyDigest: boolean) =>
      w.hub.request('PUT', '/api/notifications/settings', { token: w.tokens.lead, body: snakify(notificationSettingsBodySchema.parse({ weeklyDigest })) });
    expect((await put(false)).status).toBe(200);
    expect((await settings('lead')).weeklyDigest).toBe(false);
    sink.received.length = 0;
    await sendWeeklyDigests(w.hub.db, mondayAfter(1));
    await drain();
    expect(await mailTo('lead')).toEqual([]);
    expect(await mailTo('manager')).toHaveLength(1);

    expect((await put(true)).status).toBe(200);
    sink.received.length = 0;
    await sendWeeklyDigests(w.hub.db, mondayAfter(2));
    await drain();
    expect(await mailTo('lead')).toHaveLength(1);
  });

  it("by the message's one-click link, signed out: that person's digest only, a changed link refused", async () => {
    const [mail] = await mailTo('manager');
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = /<([^>]+)>/.exec(header(mail, 'List-Unsubscribe')!)![1].replace('https://hub.bitstone.test', w.hub.url);
    const t = new URL(link).searchParams.get('t')!;
    expect(t).toMatch(new RegExp(`^${w.ids.manager}\\.weekly_digest\\.`));
    const post = (token: string) => fetch(`${w.hub.url}/email/unsubscribe?t=${token}`, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const before = await settings('manager');
    for (const forged of [t.replace(/^\d+/, String(w.ids.lead)), t.replace('weekly_digest', 'daily_digest')]) expect((await post(forged)).status).toBe(400);
    expect(await settings('manager')).toEqual(before);
    expect((await settings('lead')).weeklyDigest).toBe(true);

    expect(await (await fetch(link)).text()).toContain(WEEKLY_DIGEST_LABEL.replace("Monday's ", ''));
    expect((await post(t)).status).toBe(200);
    expect(await settings('manager')).toEqual({ ...before, weeklyDigest: false });
    sink.received.length = 0;
    await sendWeeklyDigests(w.hub.db, mondayAfter(3));
    await drain();
    expect(await mailTo('manager')).toEqual([]);
    expect(await mailTo('lead')).toHaveLength(1);
  });
});
