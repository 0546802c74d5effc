import { describe, expect, it } from 'vitest';
import { birthdateBounds, birthdateProblem } from './birthdate';
import { EXTRA_MESSAGES } from './people-messages';

const today = '2026-06-15';

describe('a birth date', () => {
  it('may be left empty', () => {
    expect(birthdateProblem('', today)).toBeNull();
  });

  it('is a real calendar day written YYYY-MM-DD', () => {
    for (const value of ['banana', '2000-02-30', '1990-13-01', '15/06/1990', '1990-6-1', ' 1990-06-01']) expect(birthdateProblem(value, today), value).toBe(EXTRA_MESSAGES.birthdate);
    expect(birthdateProblem('2000-02-29', today)).toBeNull();
  });

  it('makes the person 15 to 100 years old today, both ends included', () => {
    expect(birthdateBounds(today)).toEqual({ earliest: '1926-06-15', latest: '2011-06-15' });
    expect(birthdateProblem('2011-06-15', today)).toBeNull();
    expect(birthdateProblem('1926-06-15', today)).toBeNull();
    for (const value of ['2011-06-16', '2026-06-15', '9999-12-31', '1926-06-14', '0001-01-01']) expect(birthdateProblem(value, today), value).toBe(EXTRA_MESSAGES.birthdateRange);
  });
});
