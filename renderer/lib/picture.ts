import type { SessionUser } from '../../shared/api/users';
import { isDesktop } from './transport';

/**
 * spec §9: an image path starting with https is used as is; otherwise it lives on the hub. In the
 * browser the session cookie rides along with the <img> request. The desktop renderer holds no
 * token, so a hub picture cannot be an <img> source there and the avatar shows initials.
 */
export function pictureUrl(user: Pick<SessionUser, 'imagePath'>): string | undefined {
  if (!user.imagePath) return undefined;
  if (user.imagePath.startsWith('https')) return user.imagePath;
  // The hub names its own pictures by API path (e.g. /user/12/image); the web app reaches the API at /api.
  return isDesktop() ? undefined : `/api${user.imagePath.startsWith('/') ? '' : '/'}${user.imagePath}`;
}

/** Fluent Avatar's image slot: left out entirely when there is no picture, so initials show. */
export function avatarImage(user: Pick<SessionUser, 'imagePath'>): { src: string } | undefined {
  const src = pictureUrl(user);
  return src ? { src } : undefined;
}
