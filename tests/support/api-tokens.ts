import { expect } from 'vitest';
import { apiTokenCreatedResponseSchema, apiTokensResponseSchema, type ApiTokenCreate } from '../../shared/api/api-tokens';
import { camelize, snakify } from '../../shared/api/case';
import type { TestHub } from './hub';

// Personal API tokens made as a person does (POST /api/me/tokens with their signed-in session), the
// answers read with the hub's own schemas. Shared by the API tests that call the hub with tokens.

export type ApiTokenCreated = ReturnType<typeof apiTokenCreatedResponseSchema.parse>['data'];

export async function makeApiToken(hub: TestHub, session: string, input: Partial<ApiTokenCreate> = {}): Promise<ApiTokenCreated> {
  const body: ApiTokenCreate = { name: 'Script', scope: 'read', expiresInDays: 30, ...input };
  const res = await hub.request('POST', '/api/me/tokens', { token: session, body: snakify(body) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return apiTokenCreatedResponseSchema.parse(camelize(res.body)).data;
}

export async function listApiTokens(hub: TestHub, session: string) {
  const res = await hub.get('/api/me/tokens', { token: session });
  expect(res.status).toBe(200);
  return apiTokensResponseSchema.parse(camelize(res.body)).data.items;
}
