import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamsSchema } from '../../../shared/api/admin';
import {
  LINK_MESSAGES,
  linkBodySchema,
  linkListQuerySchema,
  linkListResponseSchema,
  linkPictureJsonSchema,
  linkSavedResponseSchema,
} from '../../../shared/api/links';
import { imageTypeOf, pictureProblem } from '../../../shared/rules/image-type';
import { canAdminister } from '../../../shared/rules/admin-access';
import { PICTURE_MAX_BYTES } from '../../../shared/rules/constants';
import { PICTURE_MESSAGES } from '../../../shared/rules/people-messages';
import { badRequest, forbidden, isHttpError, notFound } from '../../http-errors';
import { WIRE_MESSAGES } from '../../plugins/errors';
import { createLink, linkPicture, listLinks, setLinkPicture, setLinkStatus, updateLink } from './links';
import { requireAdmin } from '../../plugins/admin-guard';

// GET/POST /link, PUT/DELETE /link/:id, PATCH /link/:id/restore, PUT /link/:id/picture (design §4).
// Everyone reads the dashboard's active links; every change is an admin call.

/** base64 grows bytes by 4/3: a 1MB picture as JSON needs a little over 1.33MB of body. */
const PICTURE_JSON_LIMIT = Math.ceil((PICTURE_MAX_BYTES * 4) / 3) + 64 * 1024;

/**
 * spec §7 updateLinkPicture is multipart (image, plus the link as a JSON string, ignored: the
 * id is in the path); the app's transports carry JSON, so base64 in `image` works as well.
 */
async function readPicture(request: FastifyRequest): Promise<Buffer> {
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts({ limits: { fileSize: PICTURE_MAX_BYTES + 1, files: 1, fields: 5 } })) {
        if (part.type === 'file' && part.fieldname === 'image') {
          const bytes = await part.toBuffer();
          if (part.file.truncated) throw badRequest(PICTURE_MESSAGES.size, 'image');
          return bytes;
        }
        // a file part nobody reads holds the parser, and the request never ends (found by tests/api/openapi-fuzz.test.ts)
        if (part.type === 'file') part.file.resume();
      }
    } catch (error) {
      // the parser's own errors (no boundary, a body cut short) are the sender's: 400, not 500
      if (isHttpError(error) || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
      throw badRequest(WIRE_MESSAGES.badMultipart, 'image');
    }
    throw badRequest(PICTURE_MESSAGES.required, 'image');
  }
  const parsed = linkPictureJsonSchema.safeParse(request.body);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? PICTURE_MESSAGES.required, 'image');
  return Buffer.from(parsed.data.image, 'base64');
}

export const linksRoutes: FastifyPluginAsyncZod = async (api) => {
  await api.register(fastifyMultipart, { throwFileSizeLimit: false, limits: { fileSize: PICTURE_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 } });

  api.get('/link', { schema: { tags: ['links'], querystring: linkListQuerySchema, response: { 200: linkListResponseSchema } } }, async (request) => {
    // spec §4: deleted links (with their restore button) are for the admin table only
    if (request.query.all && !canAdminister(request.actor)) throw forbidden();
    return { data: { links: await listLinks(api.db, request.query.all) } };
  });

  api.get('/link/:id/picture', { schema: { tags: ['links'], params: adminIdParamsSchema } }, async (request, reply) => {
    const found = await linkPicture(api.db, request.params.id);
    if (!found || (found.link.status === 'deleted' && !canAdminister(request.actor))) throw notFound(LINK_MESSAGES.notFound);
    if (!found.file) throw notFound(LINK_MESSAGES.noPicture);
    // the URL carries the picture's version, so the browser may keep it
    return reply.type(found.file.contentType).header('cache-control', 'private, max-age=86400').header('x-content-type-options', 'nosniff').send(found.file.data);
  });

  api.post('/link', { schema: { tags: ['links'], body: linkBodySchema, response: { 200: linkSavedResponseSchema } } }, async (request) => {
    requireAdmin(request);
    return { data: { link: await createLink(api.db, request.actor.id, request.body) } };
  });

  api.put('/link/:id', { schema: { tags: ['links'], params: adminIdParamsSchema, body: linkBodySchema, response: { 200: linkSavedResponseSchema } } }, async (request) => {
    requireAdmin(request);
    return { data: { link: await updateLink(api.db, request.actor.id, request.params.id, request.body) } };
  });

  api.delete('/link/:id', { schema: { tags: ['links'], params: adminIdParamsSchema, response: { 200: linkSavedResponseSchema } } }, async (request) => {
    requireAdmin(request);
    return { data: { link: await setLinkStatus(api.db, request.actor.id, request.params.id, 'deleted') } };
  });

  api.patch('/link/:id/restore', { schema: { tags: ['links'], params: adminIdParamsSchema, response: { 200: linkSavedResponseSchema } } }, async (request) => {
    requireAdmin(request);
    return { data: { link: await setLinkStatus(api.db, request.actor.id, request.params.id, 'active') } };
  });

  api.put(
    '/link/:id/picture',
    { bodyLimit: PICTURE_JSON_LIMIT, schema: { tags: ['links'], params: adminIdParamsSchema, response: { 200: linkSavedResponseSchema } } },
    async (request) => {
      requireAdmin(request);
      const bytes = await readPicture(request);
      const problem = pictureProblem(bytes);
      const type = imageTypeOf(bytes);
      if (problem || !type) throw badRequest(problem ?? PICTURE_MESSAGES.type, 'image');
      return { data: { link: await setLinkPicture(api.db, request.actor.id, request.params.id, bytes, type) } };
    },
  );
};
