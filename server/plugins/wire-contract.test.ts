import type { ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { isEnvelope, nestedDeeperThan, validationErrors, wireField } from './wire-contract';

const issue = (instancePath: string, message: string, keyword = 'custom') =>
  ({ instancePath, message, keyword, schemaPath: '', params: {} }) as unknown as ZodFastifySchemaValidationError;

describe('isEnvelope', () => {
  it('is true only for an object whose one key is data', () => {
    expect(isEnvelope({ data: [] })).toBe(true);
    expect(isEnvelope({ data: 1, total: 2 })).toBe(false);
    expect(isEnvelope([{ data: 1 }])).toBe(false);
    expect(isEnvelope(null)).toBe(false);
  });
});

describe('wireField', () => {
  it('snake-cases each path segment and joins with dots', () => {
    expect(wireField(['teamMemberEmail'])).toBe('team_member_email');
    expect(wireField(['relevantExperience', 0, 'startDate'])).toBe('relevant_experience.0.start_date');
    expect(wireField([])).toBeUndefined();
  });
});

describe('validationErrors', () => {
  it('keeps the first message of each field', () => {
    expect(validationErrors([issue('/email', 'Email is invalid.'), issue('/email', 'Too long'), issue('/name', 'Name is required.')])).toEqual([
      { message: 'Email is invalid.', field: 'email' },
      { message: 'Name is required.', field: 'name' },
    ]);
  });

  it("turns zod's generic missing-field text into '<Field> is required.'", () => {
    expect(validationErrors([issue('/teamMemberEmail', 'Invalid input: expected string, received undefined', 'invalid_type')])).toEqual([
      { message: 'Team member email is required.', field: 'team_member_email' },
    ]);
  });

  it('a whole-body problem has no field', () => {
    expect(validationErrors([issue('', 'Invalid input: expected object, received string', 'invalid_type')])).toEqual([
      { message: 'Invalid input: expected object, received string' },
    ]);
  });
});

describe('nestedDeeperThan', () => {
  it('measures objects and arrays without recursion, so a hostile body cannot exhaust the stack', () => {
    expect(nestedDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(nestedDeeperThan({ a: [{ b: {} }] }, 3)).toBe(true);
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`), 32)).toBe(true);
  });
});
