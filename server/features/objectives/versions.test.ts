import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http-errors';
import { checkVersion, nextVersion } from './versions';

describe('versions of objectives and key results', () => {
  const at = new Date('2026-05-10T08:00:00.123Z');

  it('lets an edit made against the current version through, whatever offset it is written with', () => {
    expect(() => checkVersion('2026-05-10T08:00:00.123Z', at, 'stale')).not.toThrow();
    expect(() => checkVersion('2026-05-10T11:00:00.123+03:00', at, 'stale')).not.toThrow();
    expect(() => checkVersion(undefined, at, 'stale')).not.toThrow();
  });

  it('answers 409 with the message for any other version', () => {
    const stale = (() => {
      try {
        checkVersion('2026-05-10T08:00:00.122Z', at, 'Changed by someone else');
      } catch (error) {
        return error;
      }
    })();
    expect(stale).toBeInstanceOf(HttpError);
    expect(stale).toMatchObject({ statusCode: 409, errors: [{ message: 'Changed by someone else' }] });
  });

  it('moves the version on with the clock, and past the old one when the clock has not moved', () => {
    const later = new Date('2026-05-10T08:00:01.000Z');
    expect(nextVersion(at, later)).toEqual(later);
    expect(nextVersion(at, new Date(at))).toEqual(new Date('2026-05-10T08:00:00.124Z'));
    expect(nextVersion(at, new Date('2026-05-10T07:59:00.000Z'))).toEqual(new Date('2026-05-10T08:00:00.124Z'));
  });
});
