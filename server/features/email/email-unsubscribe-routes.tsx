import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { renderToStaticMarkup } from 'react-dom/server';
import { WEEKLY_DIGEST_LABEL } from '../../../shared/api/notification-settings';
import { NOTIFICATION_KIND_LABELS } from '../../../shared/api/notifications';
import type { Db } from '../../db/client';
import { leaveDailyDigest, leaveEmailOf } from '../notifications';
import { saveWeeklyDigest } from '../settings';
import { readUnsubscribeToken, linkKey, type UnsubscribeTarget } from './email-links';
import { UNSUBSCRIBE_PATH } from './email-queue';
import { SETTINGS_PATH } from './email-kinds';
import { UnsubscribePage, type UnsubscribePageProps } from './templates/UnsubscribePage';

// GET and POST /email/unsubscribe?t=…: a message's unsubscribe link, outside /api because it
// works without a session, for the one person and kind its signed token names
// (docs/operations.md 'What every message carries'). GET asks to confirm; POST, from that page or
// from a mail client's one-click (RFC 8058: List-Unsubscribe=One-Click), turns that kind's
// e-mail off (it stays in the app), or that digest, and nothing else.

const DAILY_DIGEST_LABEL = 'The daily digest';

const labelOf = (target: UnsubscribeTarget) =>
  target === 'daily_digest' ? DAILY_DIGEST_LABEL : target === 'weekly_digest' ? WEEKLY_DIGEST_LABEL : NOTIFICATION_KIND_LABELS[target];

/** The daily digest's kinds are in the app only from then on; Monday's is switched off; a kind's e-mail is. */
function unsubscribe(db: Db, userId: number, target: UnsubscribeTarget): Promise<unknown> {
  if (target === 'daily_digest') return leaveDailyDigest(db, userId);
  if (target === 'weekly_digest') return saveWeeklyDigest(db, userId, false);
  return leaveEmailOf(db, userId, target);
}

function send(reply: FastifyReply, status: number, props: UnsubscribePageProps) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(`<!doctype html>${renderToStaticMarkup(<UnsubscribePage {...props} />)}`);
}

export const emailUnsubscribeRoutes: FastifyPluginAsync = async (app) => {
  // the one-click POST is a form body; nothing in it is read but that it came
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

  const company = app.email.config?.company ?? 'Bitstone';
  const settingsUrl = `${app.email.config?.publicUrl ?? ''}${SETTINGS_PATH}`;
  const target = async (query: unknown) => {
    const token = typeof (query as { t?: unknown })?.t === 'string' ? (query as { t: string }).t : '';
    return readUnsubscribeToken(await linkKey(app.db), token);
  };

  app.get(UNSUBSCRIBE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const found = await target(request.query);
    if (!found) return send(reply, 400, { company, label: null, state: 'invalid', settingsUrl });
    return send(reply, 200, { company, label: labelOf(found.target), state: 'confirm', settingsUrl });
  });

  app.post(UNSUBSCRIBE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const found = await target(request.query);
    if (!found) return send(reply, 400, { company, label: null, state: 'invalid', settingsUrl });
    await unsubscribe(app.db, found.userId, found.target).catch(() => undefined); // a person erased since: nothing to turn off
    return send(reply, 200, { company, label: labelOf(found.target), state: 'done', settingsUrl });
  });
};
