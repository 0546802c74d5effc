import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MESSAGES, adminIdParamsSchema } from '../../../shared/api/admin';
import { personalDataSchema } from '../../../shared/api/personal-data-export';
import { personalDataFile } from '../../../shared/rules/personal-data-export';
import type { Db } from '../../db/client';
import { personalDataZip } from './personal-data-archive';
import { notFound } from '../../http-errors';
import { recordAudit } from '../audit';
import { queueEmails } from '../email';
import { collectPersonalData } from './personal-data';
import { requireAdmin } from '../../plugins/admin-guard';

// The right of access and portability (docs/personal-data.md 'Getting a copy'): a person downloads everything the hub holds about
// them; an admin makes the same archive for anyone, archived people too (requests that come by
// letter), and the audit log records who made it for whom, without the data.

/** The OpenAPI document shows data.json's shape as the archive's: the zip's other files follow from it. */
const archiveResponse = {
  description: 'A zip archive: README.txt, data.json (this shape), data.xlsx (the same sections, a sheet each), picture.<ext> and vpn/<file> when stored.',
  content: { 'application/zip': { schema: personalDataSchema } },
};

const attachment = (name: string) => `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** One snapshot of every table, so the sections agree with each other. */
const readArchive = (db: Db, userId: number) =>
  db.transaction((tx) => collectPersonalData(tx, userId), { isolationLevel: 'repeatable read', accessMode: 'read only' });

function sendArchive(reply: FastifyReply, bytes: Uint8Array, username: string, generatedAt: string) {
  return reply
    .type('application/zip')
    .header('content-disposition', attachment(personalDataFile(username, generatedAt.slice(0, 10))))
    .header('cache-control', 'no-store')
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

export const personalDataExportRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/user/me/data-export', { schema: { tags: ['people'], response: { 200: archiveResponse } } }, async (request, reply) => {
    const archive = await readArchive(api.db, request.actor.id);
    if (!archive) throw notFound();
    // a security message: the copy of a person's data is what someone else would want
    await queueEmails(api.db, 'personal_data_exported', [request.actor.id], { by: 'self' });
    return sendArchive(reply, await personalDataZip(archive), archive.data.profile.username, archive.data.generatedAt);
  });

  api.get('/admin/users/:id/data-export', { schema: { tags: ['admin'], params: adminIdParamsSchema, response: { 200: archiveResponse } } }, async (request, reply) => {
    requireAdmin(request);
    const archive = await readArchive(api.db, request.params.id);
    if (!archive) throw notFound(ADMIN_MESSAGES.userNotFound);
    const bytes = await personalDataZip(archive);
    const { id, name, username } = archive.data.profile;
    await api.db.transaction(async (tx) => {
      await recordAudit(tx, request.actor.id, { entity: 'user', entityId: id, action: 'data-export', after: { name } });
      await queueEmails(tx, 'personal_data_exported', [id], { by: 'admin' }, { actorId: request.actor.id });
    });
    return sendArchive(reply, bytes, username, archive.data.generatedAt);
  });
};
