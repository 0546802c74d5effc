import { describe, expect, it } from 'vitest';
import { byTeamNote, companyLeftOutNote } from './count-notes';

describe('why the statistics cards count differently', () => {
  it('By team names the company objectives it leaves out', () => {
    expect(byTeamNote(256, { company: 3, teamDeleted: 0 })).toBe('By team counts 253 of the 256 objectives: it leaves out 3 company objectives, which belong to no team.');
    expect(byTeamNote(10, { company: 1, teamDeleted: 0 })).toBe('By team counts 9 of the 10 objectives: it leaves out 1 company objective, which belongs to no team.');
  });

  it('and those whose team was deleted', () => {
    expect(byTeamNote(10, { company: 2, teamDeleted: 1 })).toBe(
      'By team counts 7 of the 10 objectives: it leaves out 2 company objectives, which belong to no team, and 1 objective whose team was deleted.',
    );
    expect(byTeamNote(10, { company: 0, teamDeleted: 2 })).toBe('By team counts 8 of the 10 objectives: it leaves out 2 objectives whose team was deleted.');
  });

  it('says nothing when By team counts them all, or the hub does not say (an earlier release)', () => {
    expect(byTeamNote(10, { company: 0, teamDeleted: 0 })).toBeNull();
    expect(byTeamNote(10, undefined)).toBeNull();
  });

  it('Alignment says it leaves the company objectives out, and why', () => {
    expect(companyLeftOutNote({ company: 3 })).toBe('The 3 company objectives are left out: they are the ones the others support.');
    expect(companyLeftOutNote({ company: 1 })).toBe('The 1 company objective is left out: it is the one the others support.');
    expect(companyLeftOutNote({ company: 0 })).toBeNull();
    expect(companyLeftOutNote({})).toBeNull();
  });
});
