import { describe, expect, it } from 'vitest';
import { emailSkeleton, usernameSkeleton } from './username-skeleton';

// What a username looks like (UTS #39's skeleton of its normal form, in lower case, without
// combining marks): equal for names a reader could mistake for each other, different otherwise.

const same = (a: string, b: string) => usernameSkeleton(a) === usernameSkeleton(b);

describe('usernameSkeleton', () => {
  it('makes a name in another script that looks like a Latin one the same', () => {
    expect(same('\u0430dmin', 'admin')).toBe(true); // Cyrillic а
    expect(same('\u0430\u0434min', 'admin')).toBe(false); // Cyrillic д looks like no Latin letter
    expect(same('\u0441\u0440u', 'cpu')).toBe(true); // Cyrillic с and р
    expect(same('\u03BFana', 'oana')).toBe(true); // Greek omicron
    expect(same('\u0455tefan', 'stefan')).toBe(true); // Cyrillic ѕ
    expect(same('\u0456on.pop', 'ion.pop')).toBe(true); // Cyrillic і
  });

  it('makes an accent, typed combining or precomposed, no new name', () => {
    expect(same('admi\u0301n', 'admin')).toBe(true);
    expect(same('adm\u00EDn', 'admin')).toBe(true);
    expect(same('\u00E4dmin', 'admin')).toBe(true);
    expect(same('\u0219tefan', 'stefan')).toBe(true); // Romanian ș, comma below
    expect(same('\u015Ftefan', 'stefan')).toBe(true); // ş, cedilla
  });

  it('makes the ASCII look-alikes one name: rn and m, 1 and l, 0 and o, in any case', () => {
    expect(same('adrnin', 'admin')).toBe(true);
    expect(same('user1', 'userl')).toBe(true);
    expect(same('b0b', 'bob')).toBe(true);
    expect(same('ADMIN', 'admin')).toBe(true);
    expect(same('\uFF41dmin', 'admin')).toBe(true); // fullwidth, as normaliseUsername already did
  });

  it('keeps names that only share letters apart', () => {
    for (const [a, b] of [['admin', 'admins'], ['ana', 'ena'], ['ion.pop', 'ion_pop'], ['maria', 'mario'], ['user2', 'user3'], ['ana maria', 'anamaria']]) {
      expect(same(a, b), `${a} / ${b}`).toBe(false);
    }
  });

  it('is a fixed point: the skeleton of a skeleton is itself', () => {
    for (const name of ['admin', '\u0430dmin', 'admi\u0301n', 'ștefan', 'b0b', 'иван', '山田']) {
      const once = usernameSkeleton(name);
      expect(usernameSkeleton(once), name).toBe(once);
    }
  });
});

describe('emailSkeleton', () => {
  it("is the local part's skeleton, as a username defaulted from it would have", () => {
    expect(emailSkeleton('Admin@bitstone.ro')).toBe(usernameSkeleton('admin'));
    expect(emailSkeleton('\u0430dmin@bitstone.ro')).toBe(usernameSkeleton('admin'));
    expect(emailSkeleton('"odd@local"@bitstone.ro')).toBe(usernameSkeleton('"odd@local"'));
    expect(emailSkeleton(null)).toBeNull();
    expect(emailSkeleton('')).toBeNull();
  });
});
