import type { Profile } from '../../../shared/api/people';

// The CV export may leave out chosen skills, projects and experience entries.
// A choice made in the preview only; the profile on the hub is not changed.

export type CvSection = 'experience' | 'projects' | 'skills';

export interface CvEntry {
  key: string;
  section: CvSection;
  label: string;
}

const keyOf = (section: CvSection, index: number) => `${section}:${index}`;

/** The entries a viewer may leave out, in the order the CV shows them. */
export function cvEntries(profile: Profile): CvEntry[] {
  const { extras } = profile;
  return [
    ...(extras.relevantExperience ?? []).map((e, i) => ({
      key: keyOf('experience', i), section: 'experience' as const, label: [e.position, e.company].filter(Boolean).join(', '),
    })),
    ...(extras.projectsInfo ?? []).map((p, i) => ({ key: keyOf('projects', i), section: 'projects' as const, label: p.title })),
    ...(extras.personalInfo?.skills ?? []).map((s, i) => ({ key: keyOf('skills', i), section: 'skills' as const, label: s.name })),
  ];
}

/** The profile as the CV shows it: the excluded entries dropped. */
export function withoutEntries(profile: Profile, excluded: ReadonlySet<string>): Profile {
  if (excluded.size === 0) return profile;
  const keep = (section: CvSection) => (_: unknown, i: number) => !excluded.has(keyOf(section, i));
  const { extras } = profile;
  return {
    ...profile,
    extras: {
      ...extras,
      relevantExperience: extras.relevantExperience?.filter(keep('experience')),
      projectsInfo: extras.projectsInfo?.filter(keep('projects')),
      personalInfo: extras.personalInfo && { ...extras.personalInfo, skills: extras.personalInfo.skills?.filter(keep('skills')) },
    },
  };
}
