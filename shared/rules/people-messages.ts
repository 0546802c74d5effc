// people-and-shell §5 and §8: texts shown exactly as written.
export const MEMBER_MESSAGES = {
  name: 'Name is required.',
  email: 'Email is required.',
  phone: 'Phone number is required.',
  team: 'Team is required.',
  job: 'Job is required.',
  joinDate: 'Join date is required.',
} as const;

export const NAME_MESSAGES = {
  required: 'Name is required.',
  teamExists: 'Team name already exists.',
  category: 'Category is required.',
} as const;

export const EXTRA_MESSAGES = {
  field: 'Field is required.',
  company: 'Company is required.',
  position: 'Position is required.',
  projectTitle: 'Project title is required.',
  // ours: the spec leaves the birth date's refusals unworded (shared/rules/birthdate.ts)
  birthdate: 'Birth date must be a real date (YYYY-MM-DD).',
  birthdateRange: 'Birth date must be between 15 and 100 years ago.',
  deniedTitle: 'Action denied',
  deniedBody: 'You have required fields unfilled.',
  empty: 'No info added yet.',
} as const;

export const PICTURE_MESSAGES = {
  required: 'Please choose a file',
  type: 'Invalid file type. Only jpeg, jpg, png are allowed',
  size: 'File size is greater than maximum limit of 1MB',
} as const;

export const DELETE_BLOCKED = {
  team: (name: string) =>
    `Action denied: This action can not be performed because there are active members in team ${name}. Please remove the team from all members.`,
  job: (name: string) =>
    `Action denied: This action can not be performed because there are active members with ${name} job. Please remove the job from all members.`,
} as const;

export const PEOPLE_TOASTS = {
  teamUpdated: 'Team updated',
  teamAdded: 'New team added',
  teamDeleted: 'Team deleted',
  roleUpdated: 'Role updated',
  roleAdded: 'New role added',
  roleDeleted: 'Role deleted',
  roleRestored: 'Role restored',
  linkUpdated: 'Link updated',
  linkDeleted: 'Link deleted',
  linkRestored: 'Link restored',
  userUpdated: 'User updated',
  userAdded: 'New user added',
  userArchived: 'User archived',
  userRestored: 'User restored',
  jobUpdated: 'Job updated',
  jobAdded: 'New job added',
  jobDeleted: 'Job deleted permanently',
  fileUploaded: 'File uploaded successfully',
  fileDeleted: 'File deleted successfully',
} as const;

export const FALLBACK_TEXT = {
  unknownJob: 'Unknown job',
  notSet: 'Not set',
  noEmail: 'No email',
  noTeam: 'No Team',
  noJob: 'No job',
  noRole: 'No role',
  noPreviousTeam: 'No previous team',
  noLinkDescription: 'This link has no description',
  daysLeftUnknown: 'No information yet',
} as const;
