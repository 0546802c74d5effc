import { ALL_CAPABILITIES, type Capability } from '../../../shared/rules/capabilities';
import { ROLE_ADMIN, ROLE_GUEST, ROLE_TEAM_LEAD, ROLE_USER } from '../../../shared/rules/roles';

// The fixed part of the demo company (design §5): roles, jobs, teams and skills.

export const ROLE_HR = 'HR';

export interface RoleSeed {
  name: string;
  status: 'active' | 'deleted';
  capabilities: readonly Capability[];
}

export const DEMO_ROLES: readonly RoleSeed[] = [
  { name: ROLE_ADMIN, status: 'active', capabilities: ALL_CAPABILITIES },
  { name: ROLE_USER, status: 'active', capabilities: [] },
  { name: ROLE_TEAM_LEAD, status: 'active', capabilities: ['VIEW_BITSTONE_INFO', 'DOWNLOAD_CV', 'EXPORT_USERS'] },
  {
    name: ROLE_HR,
    status: 'active',
    capabilities: [
      'EDIT_ALL_FIELDS', 'VIEW_ALL_USER_INFO', 'ADD_USERS', 'REMOVE_USERS', 'EXPORT_USERS',
      'DOWNLOAD_CV', 'VIEW_ARCHIVED_USERS', 'VIEW_BITSTONE_INFO', 'EDIT_BITSTONE_INFO',
    ],
  },
  { name: ROLE_GUEST, status: 'active', capabilities: [] },
  // A deleted role, so the Access tab has something to restore (spec §4).
  { name: 'Contractor', status: 'deleted', capabilities: ['DOWNLOAD_CV'] },
];

export const JOB = {
  softwareEngineer: 'Software Engineer',
  seniorSoftwareEngineer: 'Senior Software Engineer',
  techLead: 'Tech Lead',
  qaEngineer: 'QA Engineer',
  devopsEngineer: 'DevOps Engineer',
  projectManager: 'Project Manager',
  designer: 'UI/UX Designer',
  businessAnalyst: 'Business Analyst',
  engineeringManager: 'Engineering Manager',
  hrSpecialist: 'HR Specialist',
  officeManager: 'Office Manager',
  ceo: 'Chief Executive Officer',
} as const;
export type JobName = (typeof JOB)[keyof typeof JOB];
export const DEMO_JOBS: readonly JobName[] = Object.values(JOB);

export interface TeamSeed {
  name: string;
  technology: string;
  status: 'active' | 'deleted';
  /** Prefix of the demo's time-tracking ticket keys, e.g. PHX-231. */
  ticketKey: string;
}

export const TEAM = {
  phoenix: 'Phoenix',
  atlas: 'Atlas',
  nova: 'Nova',
  orion: 'Orion',
  vega: 'Vega',
  lyra: 'Lyra',
  hermes: 'Hermes',
} as const;

export const DEMO_TEAMS: readonly TeamSeed[] = [
  { name: TEAM.phoenix, technology: 'React, Node.js, PostgreSQL', status: 'active', ticketKey: 'PHX' },
  { name: TEAM.atlas, technology: 'Java, Spring Boot, Angular', status: 'active', ticketKey: 'ATL' },
  { name: TEAM.nova, technology: 'Flutter, Kotlin, Swift', status: 'active', ticketKey: 'NOV' },
  { name: TEAM.orion, technology: '.NET, C#, Azure', status: 'active', ticketKey: 'ORN' },
  { name: TEAM.vega, technology: 'Kubernetes, Terraform, AWS', status: 'active', ticketKey: 'VEG' },
  { name: TEAM.lyra, technology: 'Python, Django, Airflow', status: 'active', ticketKey: 'LYR' },
  // A deleted team: some staff list it among their previous teams (spec §3 previousTeam).
  { name: TEAM.hermes, technology: 'PHP, Symfony, MySQL', status: 'deleted', ticketKey: 'HRM' },
];

export const DEMO_SKILLS: readonly string[] = [
  'TypeScript', 'JavaScript', 'React', 'Angular', 'Node.js', 'Java', 'Spring Boot', 'Kotlin',
  'Swift', 'Flutter', 'C#', '.NET', 'Python', 'Django', 'PostgreSQL', 'MongoDB', 'Docker',
  'Kubernetes', 'Terraform', 'AWS', 'Azure', 'Cypress', 'Selenium', 'Figma', 'Scrum',
  'Jira', 'SQL', 'GraphQL', 'Public speaking', 'Technical writing',
];

export const EMAIL_DOMAIN = 'bitstone.example';
