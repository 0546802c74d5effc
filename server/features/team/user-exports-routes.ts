import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { directoryQuerySchema, userIdParamsSchema } from '../../../shared/api/people';
import { hasCapability } from '../../../shared/rules/permissions';
import { USERS_EXPORT_FILE, userExportFile } from '../../../shared/rules/people-exports';
import { users } from '../../db/schema';
import { openUserPages } from './users-data';
import { usersWorkbookStream, type UserPages } from './users-xlsx';
import { forbidden } from '../../http-errors';
import { directoryWhere } from './people-directory';
import { memberOr404 } from './users-routes';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const attachment = (name: string) => `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

function sendWorkbook(reply: FastifyReply, people: UserPages, fileName: string) {
  return reply.type(XLSX).header('content-disposition', attachment(fileName)).header('cache-control', 'no-store').send(usersWorkbookStream(people));
}

// spec §9 spreadsheet exports (design §4 /exports/...), refused without export-users.
export const userExportsRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/exports/users.xlsx', { schema: { tags: ['exports'], querystring: directoryQuerySchema } }, async (request, reply) => {
    if (!hasCapability(request.actor, 'EXPORT_USERS')) throw forbidden();
    // the export honours the directory filters, including their archive rule (spec §2: 'Deleted' only with view-archived-users)
    if (request.query.status === 'deleted' && !hasCapability(request.actor, 'VIEW_ARCHIVED_USERS')) throw forbidden();
    // streamed page by page: memory stays flat however many members match
    return sendWorkbook(reply, await openUserPages(api.db, request.actor, directoryWhere(request.query, request.actor)), USERS_EXPORT_FILE);
  });

  api.get('/exports/users/:id.xlsx', { schema: { tags: ['exports'], params: userIdParamsSchema } }, async (request, reply) => {
    if (!hasCapability(request.actor, 'EXPORT_USERS')) throw forbidden();
    const member = await memberOr404(api.db, request.actor, request.params.id);
    return sendWorkbook(reply, await openUserPages(api.db, request.actor, eq(users.id, member.row.id)), userExportFile(member.row.name));
  });
};
