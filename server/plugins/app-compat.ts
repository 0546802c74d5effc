import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_VERSION_HEADER, appTooOld, appTooOldMessage, MIN_APP_VERSION } from '../../shared/rules/app-compat';
import { HttpError } from '../http-errors';

// A desktop app older than the hub serves is told so in plain words (426 Upgrade
// Required) instead of failing later on a changed API. Only the desktop app sends its version;
// web browsers send none and are never refused.

/**
 * What an old app may still reach: /health (it reads the hub's levels there) and the desktop
 * release routes, so it can still update itself from this hub.
 */
const STILL_SERVED = [/^\/api\/health(?:[/?]|$)/, /^\/api\/docs(?:[/?]|$)/, /^\/api\/desktop\//];

export function refusesOldApp(request: Pick<FastifyRequest, 'url' | 'headers'>): string | null {
  const header = request.headers[APP_VERSION_HEADER];
  const version = typeof header === 'string' ? header.trim() : null;
  if (!version || !appTooOld(version, MIN_APP_VERSION)) return null;
  if (STILL_SERVED.some((path) => path.test(request.url))) return null;
  return version;
}

export function installAppCompat(api: FastifyInstance): void {
  api.addHook('onRequest', (request, _reply, done) => {
    const version = refusesOldApp(request);
    done(version ? new HttpError(426, [{ message: appTooOldMessage(version, `${request.protocol}://${request.host}`) }]) : undefined);
  });
}
