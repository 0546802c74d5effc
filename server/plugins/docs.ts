import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifyPluginAsync, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toSnakeKey } from '../../shared/api/case';
import { errorBodySchema, SESSION_COOKIE } from '../../shared/api/common';
import { SIGN_IN_ONLY_ROUTES } from '../features/api-tokens';
import { PUBLIC_ROUTES } from './auth';
import { IDEMPOTENT_ROUTES } from './idempotency';

// An OpenAPI document at /api/docs generated from the same zod schemas the routes
// validate with, so a company can script against its hub. The zod schemas describe camelCase
// code; the document describes the wire, so property names are renamed like the payloads are.

/** Renames `properties` keys and `required` entries of a JSON schema tree to snake_case. */
export function snakeJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(snakeJsonSchema);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([p, s]) => [toSnakeKey(p), snakeJsonSchema(s)]));
    } else if (key === 'required' && Array.isArray(value)) {
      out[key] = value.map((v) => (typeof v === 'string' ? toSnakeKey(v) : v));
    } else {
      out[key] = snakeJsonSchema(value);
    }
  }
  return out;
}

// design §4: every 4xx/5xx has the one error shape; documented once for every route.
const errorResponse = {
  description: 'Error: { errors: [{ message, field? }] } (field is the snake_case path of the input)',
  ...(z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0' }) as Record<string, unknown>),
};

// docs/api.md 'Idempotency keys': the header the creating POSTs take (plugins/idempotency.ts)
const idempotencyHeader = {
  type: 'object',
  properties: {
    'Idempotency-Key': {
      type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$',
      description: 'One per submit, the same on every retry of it (a UUID): within 24 hours the same key from the same person answers what the first request answered, marked Idempotent-Replayed: true, and creates nothing more; with another route, path or body it is a 422, while the first is still being answered a 409.',
    },
  },
};

// How a request is signed in (docs/api.md 'Signing in', 'API tokens'): a session's bearer token,
// a personal API token (bsh_…, also a bearer header), or the web app's session cookie.
const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', description: 'The access_token POST /api/auth/login answers (the desktop app, scripts).' },
  apiToken: {
    type: 'http', scheme: 'bearer', bearerFormat: 'bsh_…',
    description: 'A personal API token from Settings → API tokens: a read token only reads, /api/admin needs an admin scope, and passwords, sessions, tokens and roles need a signed-in session.',
  },
  cookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The web app\'s HttpOnly session cookie; a POST, PUT, PATCH or DELETE with it alone must carry x-hub-request: 1.' },
} as const;
const SIGNED_IN: Array<Record<string, string[]>> = [{ bearer: [] }, { cookie: [] }];

const wireTransform: SwaggerTransform = (document) => {
  const { schema, url } = jsonSchemaTransform(document as Parameters<typeof jsonSchemaTransform>[0]);
  if (!schema) return { schema, url };
  const out: FastifySchema = { ...schema };
  // params keep their names: they are path segments, not JSON keys
  if (out.body) out.body = snakeJsonSchema(out.body);
  if (out.querystring) out.querystring = snakeJsonSchema(out.querystring);
  if (out.response) out.response = { ...(snakeJsonSchema(out.response) as object), '4xx': errorResponse, '5xx': errorResponse };
  const methods = Array.isArray(document.route.method) ? document.route.method : [document.route.method];
  if (methods.some((m) => PUBLIC_ROUTES.has(`${m} ${url}`))) out.security = [];
  // docs/api.md 'API tokens': these need the person signed in; a token is refused them
  else if (methods.some((m) => SIGN_IN_ONLY_ROUTES.has(`${m} ${url}`))) out.security = SIGNED_IN;
  if (methods.some((m) => IDEMPOTENT_ROUTES.has(`${m} ${url}`))) out.headers = idempotencyHeader;
  return { schema: out, url };
};

export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Bitstone Hub API',
        description:
          'snake_case JSON; every answer is { data }; errors are { errors: [{ message, field? }] }. ' +
          'Sign in with POST /api/auth/login and send the access_token as a bearer token.',
        version: '1',
      },
      components: { securitySchemes: SECURITY_SCHEMES },
      security: [{ bearer: [] }, { apiToken: [] }, { cookie: [] }],
    },
    transform: wireTransform,
  });
}

/** GET /api/docs, public. Sent as text so the wire contract (envelope, snake_case) leaves the document as generated. */
export const docsRoute: FastifyPluginAsync = async (api) => {
  api.get('/docs', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(JSON.stringify(api.swagger())),
  );
};
