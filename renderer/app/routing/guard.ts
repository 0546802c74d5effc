import { canEnterArea, type BarredArea } from '../../../shared/rules/permissions';
import type { Actor } from '../../../shared/rules/session-user';
import { PATHS } from '../../lib/paths';

// spec §2 (both files): the route guards as one pure decision, so the rules are tested without
// a browser and the route components only act on the answer.

export type GuardDecision = { action: 'render' } | { action: 'redirect'; to: string };

export type GuardInput =
  | {
      route: 'login';
      user: Actor | null;
      firstLogin: boolean;
      /** signed in with a one-time password; the stepper asks for a new one */
      passwordMustChange?: boolean;
      /** the ret query parameter as received */
      ret: string | null;
      /** where a just-finished sign-in goes when there is no ret (objectives, or the team page) */
      afterSignIn: string | null;
    }
  | {
      route: 'private';
      user: Actor | null;
      sessionEnded: boolean;
      /** the hub refuses everything else until the one-time password is changed */
      passwordMustChange?: boolean;
      pathname: string;
      search: string;
      /** set for the routes one role is barred from */
      area?: BarredArea;
    };

/** Only an in-app path is a valid ret: anything else could send a user off to another site. */
export function safeRet(ret: string | null): string | null {
  if (!ret || !ret.startsWith('/') || ret.startsWith('//') || ret.startsWith('/\\')) return null;
  if (ret === PATHS.login || ret.startsWith(`${PATHS.login}?`)) return null;
  return ret;
}

export function loginPath(pathname: string, search: string): string {
  return `${PATHS.login}?ret=${encodeURIComponent(pathname + search)}`;
}

export function decideGuard(input: GuardInput): GuardDecision {
  if (input.route === 'login') {
    // A first login stays here: the stepper's later steps belong to the login page.
    if (!input.user || input.firstLogin || input.passwordMustChange) return { action: 'render' };
    return { action: 'redirect', to: safeRet(input.ret) ?? input.afterSignIn ?? PATHS.team };
  }
  if (!input.user) {
    return { action: 'redirect', to: input.sessionEnded ? PATHS.login : loginPath(input.pathname, input.search) };
  }
  if (input.passwordMustChange) return { action: 'redirect', to: PATHS.login };
  if (input.area && !canEnterArea(input.user, input.area)) return { action: 'redirect', to: PATHS.team };
  return { action: 'render' };
}
