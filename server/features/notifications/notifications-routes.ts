import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { saveWeeklyDigest, weeklyDigestOf } from '../settings';
import { idParamSchema } from '../../../shared/api/common';
import {
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationReadResponseSchema,
  notificationsReadAllResponseSchema,
  notificationStreamQuerySchema,
  notificationStreamSnapshotSchema,
} from '../../../shared/api/notifications';
import { SECURITY_CHANNEL, notificationSettingsBodySchema, notificationSettingsResponseSchema, type NotificationSetting, type NotificationSettings } from '../../../shared/api/notification-settings';
import type { Actor } from '../../../shared/rules/session-user';
import type { DbOrTx } from '../../db/client';
import { listNotifications, markAllRead, markRead } from './notifications';
import { notificationSettingsOf, saveNotificationSettings } from './notification-settings';
import { DatabaseNotificationBus } from './notifications-push';
import { NotificationStreams, streamStart } from './notifications-stream';

// One's own notifications, their settings, and the push stream.
export const notificationRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = ['notifications'];
  const bus = new DatabaseNotificationBus(api.database, api.log);
  const streams = new NotificationStreams(api.db, bus);
  api.metrics?.countStreamsWith(() => streams.size); // counted for the metrics

  // Open streams never finish on their own: end them so close() does not wait forever.
  api.addHook('preClose', async () => streams.endAll());
  api.addHook('onClose', async () => bus.close());

  api.get('/notifications', { schema: { tags, querystring: notificationListQuerySchema, response: { 200: notificationListResponseSchema } } }, async (request) => ({
    data: await listNotifications(api.db, request.actor, request.query),
  }));

  api.post('/notifications/read-all', { schema: { tags, response: { 200: notificationsReadAllResponseSchema } } }, async (request) => ({
    data: await markAllRead(api.db, request.actor),
  }));

  api.post('/notifications/:id/read', { schema: { tags, params: idParamSchema, response: { 200: notificationReadResponseSchema } } }, async (request) => ({
    data: await markRead(api.db, request.actor, request.params.id),
  }));

  const answer = async (db: DbOrTx, actor: Actor, items: NotificationSetting[]): Promise<NotificationSettings> => ({
    items,
    securityChannel: SECURITY_CHANNEL,
    emailSent: api.email.config !== null,
    // only those who lead or manage a team get Monday's digest
    weeklyDigest: actor.isTeamLead || actor.isTeamsManager ? await weeklyDigestOf(db, actor.id) : null,
    emailDigest: items.some((item) => item.channel === 'digest'),
  });

  api.get('/notifications/settings', { schema: { tags, response: { 200: notificationSettingsResponseSchema } } }, async (request) => ({
    data: await answer(api.db, request.actor, (await notificationSettingsOf(api.db, request.actor)).items),
  }));

  api.put('/notifications/settings', { schema: { tags, body: notificationSettingsBodySchema, response: { 200: notificationSettingsResponseSchema } } }, async (request) => ({
    data: await api.db.transaction(async (tx) => {
      const { items = [], emailDigest, weeklyDigest } = request.body;
      if (weeklyDigest !== undefined) await saveWeeklyDigest(tx, request.actor.id, weeklyDigest);
      return answer(tx, request.actor, (await saveNotificationSettings(tx, request.actor, items, emailDigest)).items);
    }),
  }));

  // Server-sent events; the web client opens it with EventSource and the session cookie, and
  // resumes with Last-Event-ID (docs/api.md 'The notification stream'). A caller that does not ask for an event stream gets
  // the current unread count once instead of a connection that never ends.
  api.get('/notifications/stream', { schema: { tags, querystring: notificationStreamQuerySchema, response: { 200: notificationStreamSnapshotSchema } } }, async (request, reply) => {
    if (!String(request.headers.accept ?? '').includes('text/event-stream')) {
      const { unreadCount } = await listNotifications(api.db, request.actor, { page: 1, limit: 1 });
      return { data: { unreadCount } };
    }
    reply.hijack();
    const start = streamStart(request.headers['last-event-id'], request.query.lastEventId);
    // one stream per session, or per API token (docs/api.md 'API tokens'): a token has no session
    const opener = request.session ? `session:${request.session.id}` : `token:${request.apiToken?.id ?? 0}`;
    await streams.serve(opener, request.actor, reply.raw, (gone) => request.raw.on('close', gone), start);
  });
};
