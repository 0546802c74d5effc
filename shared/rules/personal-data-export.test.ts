import { describe, expect, it } from 'vitest';
import { personalDataFile } from './personal-data-export';

describe('the personal data archive\'s file name', () => {
  it('names the person by username and the day', () => {
    expect(personalDataFile('ana.pop', '2026-11-27')).toBe('bitstone-hub-data-ana.pop-2026-11-27.zip');
  });

  it('keeps letters of any script, and makes spaces and path characters underscores', () => {
    expect(personalDataFile('ștefan ionescu', '2026-01-02')).toBe('bitstone-hub-data-ștefan_ionescu-2026-01-02.zip');
    expect(personalDataFile('../etc/passwd', '2026-01-02')).toBe('bitstone-hub-data-.._etc_passwd-2026-01-02.zip');
  });
});
