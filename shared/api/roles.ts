import { z } from 'zod';
import { envelope } from './common';
import { requiredName } from './admin';
import { ALL_CAPABILITIES, CAPABILITY_GROUP_LABELS, CAPABILITY_GROUPS, CAPABILITY_LABELS, type CapabilityGroup } from '../rules/capabilities';
import { ENTITY_STATUSES } from '../rules/constants';

// Roles with capability keys (spec §2 Access tab, §3 Role, §7 createRole: name, capabilities).

const capabilityKey = z.enum(ALL_CAPABILITIES as [string, ...string[]], { error: 'Unknown capability.' });

export const roleBodySchema = z.object({
  name: requiredName(),
  capabilities: z.array(capabilityKey).max(ALL_CAPABILITIES.length * 2).default([]),
});
export type RoleBody = z.infer<typeof roleBodySchema>;

export const adminRoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(ENTITY_STATUSES),
  capabilities: z.array(z.string()),
  /** active members holding the role */
  members: z.number().int(),
});
export type AdminRole = z.infer<typeof adminRoleSchema>;
export const roleListResponseSchema = envelope(z.object({ roles: z.array(adminRoleSchema) }));
export const roleSavedResponseSchema = envelope(z.object({ role: adminRoleSchema }));

/** GET /capabilities: the one list of shared/rules/capabilities.ts, with the editor's labels. */
export const capabilityGroupSchema = z.object({
  key: z.string(),
  label: z.string(),
  capabilities: z.array(z.object({ key: z.string(), label: z.string() })),
});
export type CapabilityGroupView = z.infer<typeof capabilityGroupSchema>;
export const capabilitiesResponseSchema = envelope(z.object({ groups: z.array(capabilityGroupSchema) }));

export function capabilityGroups(): CapabilityGroupView[] {
  return (Object.keys(CAPABILITY_GROUPS) as CapabilityGroup[]).map((key) => ({
    key,
    label: CAPABILITY_GROUP_LABELS[key],
    capabilities: CAPABILITY_GROUPS[key].map((cap) => ({ key: cap, label: CAPABILITY_LABELS[cap] })),
  }));
}

export const ROLE_MESSAGES = {
  nameExists: 'Role name already exists.',
  undeletable: (name: string) => `The role ${name} can not be deleted.`,
  lastAdmin: 'At least one active member must keep the View admin capability.',
  notDeleted: 'This role is not deleted.',
  alreadyDeleted: 'This role is already deleted.',
} as const;
