import { DEFAULT_LEARNING_AND_DEV_EUR, DEFAULT_TEAM_BUILDINGS_RON } from '../../../shared/rules/constants';
import type { UserExtras } from '../schema';
import { JOB } from './catalog';
import { addDays, isoDate, parseIsoDate } from './dates';
import {
  ABOUT, BENEFITS, DIETS, EXPERIENCE_DESCRIPTIONS, HOBBIES, INTERNAL_PROJECT, LANGUAGES, MASTERS,
  POSITION_BY_JOB, PREVIOUS_COMPANIES, PROJECTS_BY_TEAM, RESPONSIBILITIES, TEAM_SKILLS, UNIVERSITIES,
} from './extras-texts';
import { asciiName, CITIES, STREETS } from './names';
import type { PersonSeed } from './people-plan';
import type { Random } from './random';

type Experience = NonNullable<UserExtras['relevantExperience']>[number];

/** The profile's extra details (spec §3). Newcomers who have not registered yet have only the
 *  parts HR fills in, so their other tabs show 'No info added yet.'. */
export function buildExtras(person: PersonSeed, skills: ReadonlyArray<{ id: number; name: string }>, random: Random): UserExtras {
  const joined = parseIsoDate(person.joinDate);
  // Staff join at 21 to 45, so birthdays and careers line up with the join date.
  const birthdate = isoDate(addDays(joined, -random.int(21 * 365, 45 * 365)));
  const currentRole = person.job === JOB.ceo ? 'Leads the company and its largest client accounts' : `${person.job} in ${person.teams[0] ?? 'Bitstone'}`;
  const about = random.pick(ABOUT);
  const first = person.name.split(' ')[0];
  const extras: UserExtras = {
    bitstoneInfo: {
      benefits: random.sample(BENEFITS, random.int(2, 5)),
      learningAndDev: DEFAULT_LEARNING_AND_DEV_EUR,
      teamBuildings: DEFAULT_TEAM_BUILDINGS_RON,
      holidays: random.pick([21, 22, 23, 24, 25]),
      currentRole,
      about,
    },
    personalInfo: {
      officialName: random.chance(0.2) ? person.name.replace(first, `${first}-${random.pick(['Maria', 'Ioana', 'Andrei', 'Mihai'])}`) : person.name,
      birthdate,
      personalEmailAddress: `${asciiName(person.name).toLowerCase().replace(/\s+/g, '.')}${random.int(10, 99)}@mail.example`,
      hometown: random.pick(CITIES),
      currentAddress: `${random.pick(STREETS)} nr. ${random.int(1, 120)}, ${random.chance(0.7) ? 'Cluj-Napoca' : random.pick(CITIES)}`,
      education: education(random),
      skills: pickSkills(person, skills, random),
      languages: ['Romanian', 'English', ...random.sample(LANGUAGES.slice(1), random.int(0, 2))],
      hobbies: random.sample(HOBBIES, random.int(1, 3)).join(', '),
      currentRole,
      about,
      isVegan: random.weighted(DIETS),
    },
  };
  if (!person.registered) return extras;
  extras.relevantExperience = experience(person, joined, random);
  extras.projectsInfo = projects(person, random);
  return extras;
}

function education(random: Random): string[] {
  const list = [random.pick(UNIVERSITIES)];
  if (random.chance(0.35)) list.push(random.pick(MASTERS));
  return list;
}

function pickSkills(person: PersonSeed, skills: ReadonlyArray<{ id: number; name: string }>, random: Random): Array<{ id: number; name: string }> {
  const preferred = new Set(person.teams.flatMap((team) => TEAM_SKILLS[team] ?? []));
  const fitting = skills.filter((skill) => preferred.has(skill.name));
  const others = skills.filter((skill) => !preferred.has(skill.name));
  return [...random.sample(fitting, random.int(2, 4)), ...random.sample(others, random.int(1, 2))];
}

const monthYear = (date: Date) => `${String(date.getUTCMonth() + 1).padStart(2, '0')}/${date.getUTCFullYear()}`;

/** 1-3 entries, newest first: the job at Bitstone ('Present'), then earlier employers. */
function experience(person: PersonSeed, joined: Date, random: Random): Experience[] {
  const list: Experience[] = [{
    company: 'Bitstone', position: person.job, description: 'Current position.', startDate: monthYear(joined), endDate: 'Present',
  }];
  let end = addDays(joined, -random.int(10, 60));
  for (let i = 0, n = random.int(0, 2); i < n; i++) {
    const start = addDays(end, -random.int(300, 1400));
    list.push({
      company: random.pick(PREVIOUS_COMPANIES), position: random.pick(POSITION_BY_JOB[person.job]),
      description: random.pick(EXPERIENCE_DESCRIPTIONS), startDate: monthYear(start), endDate: monthYear(end),
    });
    end = addDays(start, -random.int(10, 200));
  }
  return list;
}

function projects(person: PersonSeed, random: Random): NonNullable<UserExtras['projectsInfo']> {
  const pool = [...person.teams, ...person.previousTeams].flatMap((team) => PROJECTS_BY_TEAM[team] ?? []);
  const chosen = pool.length > 0 ? random.sample(pool, random.int(1, Math.min(3, pool.length))) : [INTERNAL_PROJECT];
  return chosen.map((project) => ({
    title: project.title,
    mainGoal: project.mainGoal,
    responsabilities: random.sample(RESPONSIBILITIES, 2).join(' '),
    technicalSkills: project.technicalSkills,
  }));
}
