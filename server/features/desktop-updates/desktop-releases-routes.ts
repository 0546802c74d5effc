import { createReadStream } from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  connectedVersionsResponseSchema, DESKTOP_METADATA_FILES, DESKTOP_RELEASE_MESSAGES, DESKTOP_UPDATES_PATH, DESKTOP_UPLOAD_FIELD,
  desktopPlatformParamsSchema, desktopPlatformReleaseResponseSchema, desktopPolicyQuerySchema, desktopPolicyResponseSchema,
  desktopReleasesResponseSchema, desktopRequiredBodySchema, desktopUpdateFileParamsSchema, desktopUploadResponseSchema, isReleaseFileName,
} from '../../../shared/api/desktop';
import { badRequest, HttpError, isHttpError, notFound } from '../../http-errors';
import { WIRE_MESSAGES } from '../../plugins/errors';
import { recordAudit } from '../audit';
import { parseByteRange } from './byte-range';
import { connectedVersions } from './connected-versions';
import { checkStaging, discardStaging, publishStaging, stageFile, startStaging, type Staging } from './release-upload';
import { releaseContentType, releaseFile } from './releases-folder';
import { desktopPolicy, listReleases, markRequired, platformRelease, unmarkRequired } from './required-versions';
import { requireAdmin } from '../../plugins/admin-guard';

// Updates served by the hub (docs/operations.md 'Desktop app updates'): electron-updater's generic provider reads
// /api/desktop/updates/latest*.yml and the files it names from the hub the app is connected to,
// with the app's session (Bearer), so nothing goes to the internet. The files are in the folder an
// admin fills (HUB_RELEASES_DIR) or uploads to in Admin → Desktop app.

export interface DesktopReleasesOptions {
  /** null: this hub serves no desktop releases (the embedded hub, tests that need none) */
  releasesDir: string | null;
}

/** An installer is 100+ MB; the limit only stops a runaway upload from filling the disk. */
export const RELEASE_UPLOAD_MAX_BYTES = 2 * 1024 ** 3;
const RELEASE_UPLOAD_MAX_FILES = 20;

const METADATA_NAMES = new Set(Object.values(DESKTOP_METADATA_FILES));

/** RFC 9110 §13.1.5: If-Range with our (strong) ETag or the exact Last-Modified date keeps the Range. */
function rangeStillValid(ifRange: string | string[] | undefined, etag: string, lastModified: string): boolean {
  if (ifRange === undefined) return true;
  if (typeof ifRange !== 'string') return false;
  return ifRange.startsWith('"') ? ifRange === etag : ifRange === lastModified;
}

async function sendReleaseFile(dir: string | null, name: string, request: FastifyRequest, reply: FastifyReply) {
  // the folder's own names only: a path, a dot-file (the upload's staging) or an odd character is no file of ours
  if (!dir || !isReleaseFileName(name)) throw notFound(dir ? DESKTOP_RELEASE_MESSAGES.badFileName : DESKTOP_RELEASE_MESSAGES.noRelease);
  const found = await releaseFile(dir, name);
  if (!found) throw notFound(METADATA_NAMES.has(name) ? DESKTOP_RELEASE_MESSAGES.noRelease : `No release file named ${name}.`);
  const { size, mtime, mtimeMs } = found.stats;
  const etag = `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
  const lastModified = mtime.toUTCString();
  // no-cache: a proxy or the updater may keep a copy but must ask again (latest.yml changes in place)
  reply.header('accept-ranges', 'bytes').header('etag', etag).header('last-modified', lastModified)
    .header('cache-control', 'private, no-cache').header('x-content-type-options', 'nosniff');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();

  const wanted = rangeStillValid(request.headers['if-range'], etag, lastModified) ? parseByteRange(request.headers.range, size) : null;
  if (wanted === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${size}`).type('application/json')
      .send({ errors: [{ message: `The file has ${size} bytes; the requested range is outside it.` }] });
  }
  reply.type(releaseContentType(name));
  if (wanted) reply.code(206).header('content-range', `bytes ${wanted.start}-${wanted.end}/${size}`);
  const length = wanted ? wanted.end - wanted.start + 1 : size;
  reply.header('content-length', String(length));
  // HEAD: the headers only; Fastify's own HEAD route would read the whole stream to discard it
  if (request.method === 'HEAD' || length === 0) return reply.send();
  return reply.send(createReadStream(found.path, wanted ? { start: wanted.start, end: wanted.end } : {}));
}

async function receiveUpload(request: FastifyRequest, staging: Staging): Promise<void> {
  let files = 0;
  try {
    for await (const part of request.parts({ limits: { fileSize: RELEASE_UPLOAD_MAX_BYTES, files: RELEASE_UPLOAD_MAX_FILES, fields: 0 } })) {
      if (part.type !== 'file') continue;
      files++;
      if (part.fieldname !== DESKTOP_UPLOAD_FIELD) {
        // a file part nobody reads holds the parser, and the request never ends (found by tests/api/openapi-fuzz.test.ts)
        part.file.resume();
        continue;
      }
      await stageFile(staging, part.filename, part.file);
    }
  } catch (error) {
    // the parser's own errors (no boundary, a body cut short, too many files) are the sender's
    if (isHttpError(error)) throw error;
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status < 500) throw badRequest((error as Error).message, DESKTOP_UPLOAD_FIELD);
    throw badRequest(WIRE_MESSAGES.badMultipart, DESKTOP_UPLOAD_FIELD);
  }
  if (files === 0) throw badRequest(DESKTOP_RELEASE_MESSAGES.noFiles, DESKTOP_UPLOAD_FIELD);
}

export const desktopReleasesRoutes: FastifyPluginAsyncZod<DesktopReleasesOptions> = async (api, { releasesDir }) => {
  await api.register(fastifyMultipart, { throwFileSizeLimit: false, limits: { fileSize: RELEASE_UPLOAD_MAX_BYTES, files: RELEASE_UPLOAD_MAX_FILES, fields: 0 } });

  // every signed-in person: the app checks for updates with its own session
  const fileRoute = `${DESKTOP_UPDATES_PATH}/:file`;
  const fileSchema = { tags: ['desktop'], params: desktopUpdateFileParamsSchema };
  api.head(fileRoute, { schema: fileSchema }, (request, reply) => sendReleaseFile(releasesDir, request.params.file, request, reply));
  api.get(fileRoute, { schema: fileSchema }, (request, reply) => sendReleaseFile(releasesDir, request.params.file, request, reply));

  api.get('/desktop/policy', { schema: { tags: ['desktop'], querystring: desktopPolicyQuerySchema, response: { 200: desktopPolicyResponseSchema } } }, async (request) => {
    return { data: await desktopPolicy(api.db, releasesDir, request.query.platform) };
  });

  // Admin → Desktop app
  api.get('/desktop/releases', { schema: { tags: ['desktop'], response: { 200: desktopReleasesResponseSchema } } }, async (request) => {
    requireAdmin(request);
    return { data: await listReleases(api.db, releasesDir) };
  });

  api.put(
    '/desktop/releases/:platform/required',
    { schema: { tags: ['desktop'], params: desktopPlatformParamsSchema, body: desktopRequiredBodySchema, response: { 200: desktopPlatformReleaseResponseSchema } } },
    async (request) => {
      requireAdmin(request);
      return { data: await markRequired(api.db, releasesDir, request.actor.id, request.params.platform, request.body.version) };
    },
  );

  api.delete(
    '/desktop/releases/:platform/required',
    { schema: { tags: ['desktop'], params: desktopPlatformParamsSchema, response: { 200: desktopPlatformReleaseResponseSchema } } },
    async (request) => {
      requireAdmin(request);
      return { data: await unmarkRequired(api.db, releasesDir, request.actor.id, request.params.platform) };
    },
  );

  api.post('/desktop/releases', { schema: { tags: ['desktop'], response: { 200: desktopUploadResponseSchema } } }, async (request) => {
    requireAdmin(request);
    if (!releasesDir) throw new HttpError(409, [{ message: DESKTOP_RELEASE_MESSAGES.noFolder }]);
    if (!request.isMultipart()) throw badRequest(DESKTOP_RELEASE_MESSAGES.noFiles, DESKTOP_UPLOAD_FIELD);
    const staging = await startStaging(releasesDir);
    try {
      await receiveUpload(request, staging);
      const checked = await checkStaging(staging);
      if (checked.errors.length > 0) throw new HttpError(400, checked.errors);
      await publishStaging(staging, releasesDir);
      await api.db.transaction(async (tx) => {
        for (const { platform, parsed } of checked.metadata) {
          await recordAudit(tx, request.actor.id, {
            entity: 'desktop_release', entityId: platform, action: 'publish',
            after: { version: parsed.version, files: parsed.files.map((f) => f.name) },
          });
        }
      });
      return { data: { published: await Promise.all(checked.metadata.map(({ platform }) => platformRelease(api.db, releasesDir, platform))) } };
    } finally {
      await discardStaging(staging);
    }
  });

  api.get('/desktop/connected-versions', { schema: { tags: ['desktop'], response: { 200: connectedVersionsResponseSchema } } }, async (request) => {
    requireAdmin(request);
    return { data: { items: await connectedVersions(api.db) } };
  });
};
