import { asc, eq, sql } from 'drizzle-orm';
import type { Ref } from '../../../shared/api/common';
import type { ExtrasUpdate } from '../../../shared/api/people-extras';
import { canViewBitstoneInfo, canViewSensitivePersonalInfo, type ExtraSection } from '../../../shared/rules/permissions';
import type { Actor } from '../../../shared/rules/session-user';
import type { Db, DbOrTx } from '../../db/client';
import { auditLog, skills, users, type UserExtras } from '../../db/schema';
import type { LoadedMember } from './people-profile';
import { assertMayChangeUserFields, sameJson } from './user-field-guard';

// The extra-details dialog (spec §2, §5, §6): sections replaced one by one, each only by who may.

const SECTIONS: ExtraSection[] = ['bitstoneInfo', 'relevantExperience', 'projectsInfo', 'personalInfo'];
const HIDDEN_BITSTONE = ['benefits', 'learningAndDev', 'teamBuildings', 'holidays'] as const;
const HIDDEN_PERSONAL = ['officialName', 'birthdate', 'personalEmailAddress', 'currentAddress'] as const;

/** Keys the editor cannot see keep their stored value: saving a section never erases what was hidden. */
function keepHidden<T extends object>(next: T, stored: T | undefined, hidden: readonly (keyof T)[]): T {
  const out = { ...next };
  for (const key of hidden) {
    if (stored && stored[key] !== undefined) out[key] = stored[key];
    else delete out[key];
  }
  return out;
}

export async function saveExtras(db: Db, actor: Actor, member: LoadedMember, body: ExtrasUpdate): Promise<void> {
  const { row, target } = member;
  const sent = SECTIONS.filter((s) => body[s] !== undefined);
  const stored = row.extras;
  // each section is a user field of the one rule (the spec §6 section rights); a section
  // the caller may not edit is refused by name, not dropped; sending back what is stored is no change
  assertMayChangeUserFields(actor, target, sent.map((s) => ({ field: s, key: s, changed: !sameJson(body[s], stored[s]) })));
  const next: UserExtras = { ...stored };
  if (body.bitstoneInfo) {
    const clean = JSON.parse(JSON.stringify(body.bitstoneInfo)) as NonNullable<UserExtras['bitstoneInfo']>;
    next.bitstoneInfo = canViewBitstoneInfo(actor, target) ? clean : keepHidden(clean, stored.bitstoneInfo, HIDDEN_BITSTONE);
  }
  if (body.relevantExperience) next.relevantExperience = body.relevantExperience;
  if (body.projectsInfo) next.projectsInfo = body.projectsInfo;
  if (body.personalInfo) {
    const clean = body.personalInfo as NonNullable<UserExtras['personalInfo']>;
    next.personalInfo = canViewSensitivePersonalInfo(actor, target) ? clean : keepHidden(clean, stored.personalInfo, HIDDEN_PERSONAL);
  }
  // a save that changes nothing ({}, or the form sent back as it is) writes nothing: no audit row
  // for an edit that did not happen, and the profile's last update stays when it was
  const changed = sent.filter((section) => !sameJson(next[section], stored[section]));
  if (changed.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.update(users).set({ extras: next, updatedAt: new Date() }).where(eq(users.id, row.id));
    await tx.insert(auditLog).values({ actorId: actor.id, entity: 'user', entityId: String(row.id), action: 'extras', before: null, after: { sections: changed } });
  });
}

export async function listSkills(db: DbOrTx): Promise<Ref[]> {
  return db.select({ id: skills.id, name: skills.name }).from(skills).orderBy(asc(skills.name));
}

/** POST /skill: creates the names not known yet (case-insensitive) and answers all of them. */
export async function createSkills(db: Db, names: string[]): Promise<Ref[]> {
  const byLower = new Map<string, string>();
  for (const name of names) if (!byLower.has(name.toLowerCase())) byLower.set(name.toLowerCase(), name);
  const unique = [...byLower.values()];
  return db.transaction(async (tx) => {
    await tx.insert(skills).values(unique.map((name) => ({ name }))).onConflictDoNothing();
    const lower = unique.map((n) => n.toLowerCase());
    return tx.select({ id: skills.id, name: skills.name }).from(skills)
      .where(sql`lower(${skills.name}) in (${sql.join(lower.map((n) => sql`${n}`), sql`, `)})`).orderBy(asc(skills.name));
  });
}
