import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { renderToStaticMarkup } from 'react-dom/server';
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '../../../shared/api/notifications';
import { notificationSettings } from '../notifications';
import { readUnsubscribeToken, linkKey } from './email-links';
import { UNSUBSCRIBE_PATH } from './email-queue';
import { SETTINGS_PATH } from './email-kinds';
import { UnsubscribePage, type UnsubscribePageProps } from './templates/UnsubscribePage';

// GET and POST /email/unsubscribe?t=…: a message's unsubscribe link, outside /api because it
// works without a session, for the one person and kind its signed token names
// (docs/operations.md 'What every message carries'). GET asks to confirm; POST, from that page or
// from a mail client's one-click (RFC 8058: List-Unsubscribe=One-Click), turns that kind's
// e-mail off and nothing else.

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
  const labelOf = (kind: NotificationKind) => NOTIFICATION_KIND_LABELS[kind];

  app.get(UNSUBSCRIBE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const found = await target(request.query);
    if (!found) return send(reply, 400, { company, label: null, state: 'invalid', settingsUrl });
    return send(reply, 200, { company, label: labelOf(found.kind), state: 'confirm', settingsUrl });
  });

  app.post(UNSUBSCRIBE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const found = await target(request.query);
    if (!found) return send(reply, 400, { company, label: null, state: 'invalid', settingsUrl });
    await app.db
      .insert(notificationSettings)
      .values({ userId: found.userId, kind: found.kind, enabled: true, email: false })
      .onConflictDoUpdate({ target: [notificationSettings.userId, notificationSettings.kind], set: { email: false } })
      .catch(() => undefined); // a person erased since: nothing to turn off
    return send(reply, 200, { company, label: labelOf(found.kind), state: 'done', settingsUrl });
  });
};
