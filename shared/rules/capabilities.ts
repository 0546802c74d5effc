// Capability keys of spec §6 (people-and-shell), grouped as the role editor shows them.
export const CAPABILITY_GROUPS = {
  sidebar: ['VIEW_ADMIN'],
  userInfo: ['EDIT_ALL_FIELDS', 'VIEW_ALL_USER_INFO'],
  extraInfo: [
    'EDIT_BITSTONE_INFO',
    'EDIT_RELEVANT_EXPERIENCE',
    'EDIT_PROJECTS_EXPERIENCE',
    'EDIT_PERSONAL_INFO',
    'VIEW_BITSTONE_INFO',
  ],
  others: ['EXPORT_USERS', 'ADD_USERS', 'REMOVE_USERS', 'DOWNLOAD_CV', 'VIEW_ARCHIVED_USERS'],
} as const;

export type CapabilityGroup = keyof typeof CAPABILITY_GROUPS;
export type Capability = (typeof CAPABILITY_GROUPS)[CapabilityGroup][number];

export const ALL_CAPABILITIES: readonly Capability[] = Object.values(CAPABILITY_GROUPS).flat();

export const CAPABILITY_LABELS: Record<Capability, string> = {
  VIEW_ADMIN: 'View admin',
  EDIT_ALL_FIELDS: 'Edit all fields',
  VIEW_ALL_USER_INFO: 'View all user info',
  EDIT_BITSTONE_INFO: 'Edit Bitstone information',
  EDIT_RELEVANT_EXPERIENCE: 'Edit relevant experience',
  EDIT_PROJECTS_EXPERIENCE: 'Edit projects experience',
  EDIT_PERSONAL_INFO: 'Edit personal info',
  VIEW_BITSTONE_INFO: 'View Bitstone information',
  EXPORT_USERS: 'Export users',
  ADD_USERS: 'Add users',
  REMOVE_USERS: 'Remove users',
  DOWNLOAD_CV: 'Download CV',
  VIEW_ARCHIVED_USERS: 'View archived users',
};

export const CAPABILITY_GROUP_LABELS: Record<CapabilityGroup, string> = {
  sidebar: 'Sidebar',
  userInfo: 'User info',
  extraInfo: 'Extra info',
  others: 'Others',
};

export function isCapability(value: string): value is Capability {
  return (ALL_CAPABILITIES as readonly string[]).includes(value);
}
