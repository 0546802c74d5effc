import type { SessionUser } from '../../../../../shared/api/users';
import { PATHS } from '../../../../lib/paths';
import { startSession } from '../../../../lib/session/session';

/** As the hub form does (objective-tracking §4): a later login goes to objectives, a first one stays for the stepper. */
export const signedIn = (user: SessionUser, firstLogin: boolean) => startSession(user, firstLogin, firstLogin ? null : PATHS.objectives);
