import { canEnterArea } from './permissions';
import type { Actor } from './session-user';

/**
 * spec §2/§6: the admin area needs the view-admin capability, and the barred role (Guest,
 * design §3) never enters it. Every admin call on the hub and the Admin screen ask this.
 */
export function canAdminister(actor: Actor | null | undefined): boolean {
  return !!actor && canEnterArea(actor, 'admin');
}
