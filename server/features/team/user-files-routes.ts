import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdParamsSchema } from '../../../shared/api/people';
import {
  pictureSavedResponseSchema, vpnDeletedResponseSchema, vpnExistsResponseSchema, vpnFileParamsSchema, vpnNameParamsSchema, vpnSavedResponseSchema,
} from '../../../shared/api/people-files';
import { PICTURE_MAX_BYTES } from '../../../shared/rules/constants';
import { PICTURE_MESSAGES } from '../../../shared/rules/people-messages';
import { validateVpnFileName, VPN_MESSAGES } from '../../../shared/rules/vpn-file';
import { badRequest, notFound } from '../../http-errors';
import { imagePathOf } from './member-summary';
import { loadPicture, savePicture } from './pictures';
import { assertMayChangeUserFields } from './user-field-guard';
import { readOneFile, imageTypeOf } from './upload';
import { deleteVpnFile, findVpnOwnerForUpload, saveVpnFile, vpnFile, vpnOwnerFor } from './vpn-files';
import { memberOr404 } from './users-routes';

const VPN_MAX_BYTES = 256 * 1024; // an .ovpn profile is a few kilobytes of text

/** RFC 6266 attachment header; the name is ours (dotted user name), never a path. */
const attachment = (name: string) => `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

// Pictures (spec §5/§6) and the VPN file (spec §4/§5/§7).
export const userFilesRoutes: FastifyPluginAsyncZod = async (api) => {
  await api.register(fastifyMultipart, { limits: { fileSize: PICTURE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  api.put('/user/:id/image', { schema: { tags: ['people'], params: userIdParamsSchema, response: { 200: pictureSavedResponseSchema } } }, async (request) => {
    const member = await memberOr404(api.db, request.actor, request.params.id);
    // the picture is a user field of the one rule (spec §6: the user themselves or edit-all-fields)
    assertMayChangeUserFields(request.actor, member.target, [{ field: 'picture', key: 'image', changed: true }]);
    const file = await readOneFile(request, { field: 'image', maxBytes: PICTURE_MAX_BYTES, missing: PICTURE_MESSAGES.required, tooLarge: PICTURE_MESSAGES.size });
    const type = imageTypeOf(file.data);
    if (!type) throw badRequest(PICTURE_MESSAGES.type, 'image');
    await savePicture(api.db, request.actor, member.row.id, file.data, type);
    return { data: { imagePath: imagePathOf({ id: member.row.id, imageUrl: null, pictureFileId: 'saved' }) ?? '' } };
  });

  api.get('/user/:id/image', { schema: { tags: ['people'], params: userIdParamsSchema } }, async (request, reply) => {
    const member = await memberOr404(api.db, request.actor, request.params.id);
    const file = member.row.pictureFileId ? await loadPicture(api.db, member.row.pictureFileId) : null;
    if (!file) throw notFound('This member has no picture.');
    const etag = `"${file.id}"`;
    // private: the picture is behind the session; the ETag changes with every new upload
    reply.header('cache-control', 'private, max-age=300').header('etag', etag).header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(file.contentType).send(file.data);
  });

  api.get('/user/exists/:name', { schema: { tags: ['vpn'], params: vpnNameParamsSchema, response: { 200: vpnExistsResponseSchema } } }, async (request) => {
    const owner = await vpnOwnerFor(api.db, request.actor, request.params.name);
    return { data: { status: (await vpnFile(api.db, owner)) !== null } };
  });

  api.post('/user/upload-file', { schema: { tags: ['vpn'], response: { 200: vpnSavedResponseSchema } } }, async (request) => {
    const file = await readOneFile(request, { field: 'file', maxBytes: VPN_MAX_BYTES, missing: 'Please choose a file', tooLarge: 'The file is too large.' });
    const typeProblem = validateVpnFileName(file.filename, 'x');
    if (typeProblem === VPN_MESSAGES.type) throw badRequest(VPN_MESSAGES.type, 'file');
    // spec §5: the name is checked again at save against the owner's name
    const owner = await findVpnOwnerForUpload(api.db, request.actor, file.filename.slice(0, -'.ovpn'.length));
    if (!owner || validateVpnFileName(file.filename, owner.name, true)) throw badRequest(VPN_MESSAGES.nameAtSave, 'file');
    if (file.data.includes(0)) throw badRequest(VPN_MESSAGES.type, 'file'); // a text profile never holds NUL bytes
    return { data: { name: await saveVpnFile(api.db, owner, file.data) } };
  });

  api.get('/user/download-ovpn/:name', { schema: { tags: ['vpn'], params: vpnNameParamsSchema } }, async (request, reply) => {
    const owner = await vpnOwnerFor(api.db, request.actor, request.params.name);
    const file = await vpnFile(api.db, owner);
    if (!file) throw notFound('There is no VPN file.');
    return reply.type('application/x-openvpn-profile').header('content-disposition', attachment(`${owner.dotted}.ovpn`)).header('cache-control', 'no-store').send(file.data);
  });

  api.delete('/user/delete-file/:file', { schema: { tags: ['vpn'], params: vpnFileParamsSchema, response: { 200: vpnDeletedResponseSchema } } }, async (request) => {
    const owner = await vpnOwnerFor(api.db, request.actor, request.params.file.slice(0, -'.ovpn'.length));
    if (!(await deleteVpnFile(api.db, owner))) throw notFound('There is no VPN file.');
    return { data: { deleted: true as const } };
  });
};
