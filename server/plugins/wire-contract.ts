import type { FastifyInstance, FastifyRequest, FastifySerializerCompiler } from 'fastify';
import { InvalidSchemaError, ResponseSerializationError, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';
import { camelize, isPlainObject, wireField } from '../../shared/api/case';
import type { ApiError } from '../../shared/api/common';
import { badRequest } from '../http-errors';
import { snakeJson } from './snake-json';
import { refuseUnstorableText } from './text-guard';

// design §4, in ONE place for every /api route: snake_case keys on the wire, camelCase in code,
// every success wrapped in `{ data }`, validation failures as one message per field.

/** A payload already shaped `{ data }` (what routes with an envelope response schema return). */
export function isEnvelope(payload: unknown): boolean {
  return isPlainObject(payload) && Object.keys(payload).length === 1 && 'data' in payload;
}

export { wireField };

function humanize(field: string): string {
  const last = field.split('.').filter((p) => !/^\d+$/.test(p)).pop() ?? field;
  const words = last.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * zod issues → `{message, field}`, one per field (the first issue of a field is the one a form
 * shows). A missing field without a schema-specific message reads '<Field> is required.'
 * instead of zod's 'expected string, received undefined'.
 */
export function validationErrors(issues: readonly ZodFastifySchemaValidationError[]): ApiError[] {
  const seen = new Set<string>();
  const errors: ApiError[] = [];
  for (const issue of issues) {
    const path = issue.instancePath.split('/').filter(Boolean).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    const field = wireField(path);
    const key = field ?? '';
    if (seen.has(key)) continue;
    seen.add(key);
    let message = issue.message ?? 'Invalid value.';
    if (issue.keyword === 'invalid_type' && /received undefined$/.test(message)) {
      message = field ? `${humanize(field)} is required.` : 'A request body is required.';
    }
    errors.push(field ? { message, field } : { message });
  }
  return errors;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** No form of ours nests past a handful of levels; this bound only stops hostile bodies. */
export const MAX_BODY_DEPTH = 32;
export const BODY_TOO_DEEP = 'The request body is nested too deeply.';

/** Whether JSON nests (objects or arrays) deeper than `limit`, walked without recursion. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}


/**
 * fastify-type-provider-zod's serializer compiler (the response schema checks and encodes the
 * payload, a mismatch is a 500), writing the result with snakeJson instead of a replacer.
 */
const snakeSerializerCompiler: FastifySerializerCompiler<$ZodType | { properties: $ZodType }> = ({ schema, method, url }) => {
  const zod = schema instanceof $ZodType ? schema : schema?.properties;
  if (!(zod instanceof $ZodType)) throw new InvalidSchemaError(JSON.stringify(schema));
  return (data) => {
    const result = safeEncode(zod, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return snakeJson(result.data);
  };
};

/** The request as routes read it: a body for every write, camelCase keys, nothing unstorable (throws a 400). */
function contractRequest(request: FastifyRequest): void {
  const multipart = request.headers['content-type']?.startsWith('multipart/') ?? false;
  // An unknown path answers 404 whatever its query holds.
  if (request.is404) return;
  if (request.body === undefined) {
    // A POST with no body is checked field by field ('Username is required'), not as one blob.
    // A JSON `null` is a body, and the wrong one: it goes on to validation and is refused.
    if (BODY_METHODS.has(request.method)) request.body = {};
  } else if (!multipart) {
    // The key rename recurses: a body nested thousands deep would exhaust the stack (a 500).
    if (nestedDeeperThan(request.body, MAX_BODY_DEPTH)) throw badRequest(BODY_TOO_DEEP);
  }
  // NUL and lone surrogates, in any string, refused before any route reads them
  // (the wire names are still on the request, so the fields are named as the client sent them)
  refuseUnstorableText(request);
  if (request.body !== undefined && !multipart) request.body = camelize(request.body);
  // fast-querystring builds the query on a prototype of its own, which camelize would treat as
  // an opaque value and leave snake_case: spread it into a plain object first.
  request.query = camelize({ ...(request.query as Record<string, unknown>) });
}

/** Installs the contract on the /api context (hooks are encapsulated: static files are untouched). */
export function installWireContract(api: FastifyInstance): void {
  api.setValidatorCompiler(validatorCompiler);
  api.setSerializerCompiler(snakeSerializerCompiler);
  // Routes without a response schema (and error bodies) get the same rename.
  api.setReplySerializer(snakeJson);

  // hooks that never wait take Fastify's callback form (an async one costs every request
  // a promise and a turn of the microtask queue)
  api.addHook('preValidation', (request, _reply, done) => {
    try {
      contractRequest(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });

  api.addHook('preSerialization', (_request, reply, payload, done) => {
    // Errors keep their `{ errors }` shape; everything else travels as `{ data }`.
    done(null, reply.statusCode >= 300 || isEnvelope(payload) ? payload : { data: payload });
  });
}
