import { describe, expect, it } from 'vitest';
import { snakeJsonSchema } from './docs';

describe('snakeJsonSchema', () => {
  it('renames property names and required entries, not schema keywords or enum values', () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      properties: {
        accessToken: { type: 'string' },
        user: { type: 'object', properties: { teamIds: { type: 'array', items: { type: 'integer' } } }, required: ['teamIds'] },
        status: { enum: ['inProgress'] },
      },
      required: ['accessToken', 'user'],
    };
    expect(snakeJsonSchema(schema)).toEqual({
      type: 'object',
      additionalProperties: false,
      properties: {
        access_token: { type: 'string' },
        user: { type: 'object', properties: { team_ids: { type: 'array', items: { type: 'integer' } } }, required: ['team_ids'] },
        status: { enum: ['inProgress'] },
      },
      required: ['access_token', 'user'],
    });
  });
});
