import { PRESENT, type ExtrasUpdate, type UserExtrasView } from '../../../../../shared/api/people-extras';
import { DEFAULT_LEARNING_AND_DEV_EUR, DEFAULT_TEAM_BUILDINGS_RON } from '../../../../../shared/rules/constants';
import type { ExtraSection } from '../../../../../shared/rules/permissions';

// The extra-details dialog's form state and its conversion to the PUT /user/:id/extras body.

export interface ExperienceRow { company: string; position: string; description: string; startMonth: string; startYear: string; endMonth: string; endYear: string }
export interface ProjectRow { title: string; mainGoal: string; responsabilities: string; technicalSkills: string }
export interface ExtrasForm {
  bitstone: { benefits: string; learningAndDev: string; teamBuildings: string; holidays: string; currentRole: string; about: string };
  experience: ExperienceRow[];
  projects: ProjectRow[];
  personal: {
    officialName: string; birthdate: string; personalEmailAddress: string; hometown: string; currentAddress: string; education: string;
    skills: { id: number; name: string }[]; languages: string; hobbies: string; currentRole: string; about: string; isVegan: string;
  };
}

export const MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];

/** spec §5: year choices are the last 20 years (this one included) plus 'Present' for the end. */
export function yearChoices(now: Date = new Date()): string[] {
  const year = now.getFullYear();
  return Array.from({ length: 20 }, (_, i) => String(year - i));
}

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);
const num = (text: string) => (text.trim() === '' ? null : Number(text));
const str = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const split = (date: string) => {
  const [m, y] = date.split('/');
  return date === PRESENT ? { month: '', year: PRESENT } : { month: m ?? '', year: y ?? '' };
};

export function emptyExperience(): ExperienceRow {
  return { company: '', position: '', description: '', startMonth: '', startYear: '', endMonth: '', endYear: '' };
}
export function emptyProject(): ProjectRow {
  return { title: '', mainGoal: '', responsabilities: '', technicalSkills: '' };
}

/** spec §9 defaults: learningAndDev 750 EUR and teamBuildings 100 RON when nothing is stored. */
export function toForm(extras: UserExtrasView): ExtrasForm {
  const b = extras.bitstoneInfo ?? {};
  const p = extras.personalInfo ?? {};
  return {
    bitstone: {
      benefits: (b.benefits ?? []).join('\n'), learningAndDev: str(b.learningAndDev ?? DEFAULT_LEARNING_AND_DEV_EUR),
      teamBuildings: str(b.teamBuildings ?? DEFAULT_TEAM_BUILDINGS_RON), holidays: str(b.holidays), currentRole: b.currentRole ?? '', about: b.about ?? '',
    },
    experience: (extras.relevantExperience ?? []).map((e) => {
      const start = split(e.startDate);
      const end = split(e.endDate);
      return { company: e.company, position: e.position, description: e.description ?? '', startMonth: start.month, startYear: start.year, endMonth: end.month, endYear: end.year };
    }),
    projects: (extras.projectsInfo ?? []).map((pr) => ({ title: pr.title, mainGoal: pr.mainGoal ?? '', responsabilities: pr.responsabilities ?? '', technicalSkills: pr.technicalSkills ?? '' })),
    personal: {
      officialName: p.officialName ?? '', birthdate: p.birthdate ?? '', personalEmailAddress: p.personalEmailAddress ?? '', hometown: p.hometown ?? '',
      currentAddress: p.currentAddress ?? '', education: (p.education ?? []).join('\n'), skills: p.skills ?? [], languages: (p.languages ?? []).join(', '),
      hobbies: p.hobbies ?? '', currentRole: p.currentRole ?? '', about: p.about ?? '', isVegan: p.isVegan ?? '',
    },
  };
}

const monthYear = (month: string, year: string) => (month && year ? `${month}/${year}` : '');

/** Only the sections the editor may change are sent (spec §6; the hub refuses the others). */
export function toBody(form: ExtrasForm, sections: readonly ExtraSection[]): ExtrasUpdate {
  const body: ExtrasUpdate = {};
  if (sections.includes('bitstoneInfo')) {
    const b = form.bitstone;
    body.bitstoneInfo = { benefits: lines(b.benefits), learningAndDev: num(b.learningAndDev), teamBuildings: num(b.teamBuildings), holidays: num(b.holidays), currentRole: b.currentRole, about: b.about };
  }
  if (sections.includes('relevantExperience')) {
    body.relevantExperience = form.experience.map((e) => ({
      company: e.company, position: e.position, description: e.description,
      startDate: monthYear(e.startMonth, e.startYear), endDate: e.endYear === PRESENT ? PRESENT : monthYear(e.endMonth, e.endYear),
    }));
  }
  if (sections.includes('projectsInfo')) body.projectsInfo = form.projects.map((p) => ({ ...p }));
  if (sections.includes('personalInfo')) {
    const p = form.personal;
    body.personalInfo = {
      officialName: p.officialName, birthdate: p.birthdate, personalEmailAddress: p.personalEmailAddress, hometown: p.hometown, currentAddress: p.currentAddress,
      education: lines(p.education), skills: p.skills, languages: p.languages.split(',').map((l) => l.trim()).filter(Boolean),
      hobbies: p.hobbies, currentRole: p.currentRole, about: p.about, isVegan: p.isVegan,
    };
  }
  return body;
}
