import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../shared/api/people';
import { cvEntries, withoutEntries } from './cv-entries';

const profile = {
  id: 1, name: 'Ana', username: 'ana', email: null, phone: null, status: 'active', imagePath: null, joinDate: null, job: null,
  team: [], teamlead: null, teamleadId: null, isTeamLead: false,
  extras: {
    relevantExperience: [{ company: 'Acme', position: 'Dev', startDate: '01/2020', endDate: 'Present' }],
    projectsInfo: [{ title: 'Apollo' }, { title: 'Gemini' }],
    personalInfo: { skills: [{ id: 1, name: 'Kubernetes' }, { id: 2, name: 'Go' }], hobbies: 'Chess' },
  },
} as Profile;

describe('CV entries', () => {
  it('lists experience, projects and skills to choose from', () => {
    expect(cvEntries(profile).map((e) => `${e.section} ${e.label}`)).toEqual([
      'experience Dev, Acme', 'projects Apollo', 'projects Gemini', 'skills Kubernetes', 'skills Go',
    ]);
  });

  it('drops only the excluded entries and keeps the rest of the profile', () => {
    const cv = withoutEntries(profile, new Set(['projects:0', 'skills:1']));
    expect(cv.extras.projectsInfo).toEqual([{ title: 'Gemini' }]);
    expect(cv.extras.personalInfo).toEqual({ skills: [{ id: 1, name: 'Kubernetes' }], hobbies: 'Chess' });
    expect(cv.extras.relevantExperience).toHaveLength(1);
    expect(profile.extras.projectsInfo).toHaveLength(2);
  });

  it('is the profile itself when nothing is excluded', () => {
    expect(withoutEntries(profile, new Set())).toBe(profile);
  });
});
