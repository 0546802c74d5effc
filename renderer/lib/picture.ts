import type { SessionUser } from '../../shared/api/users';
import { useHubImage } from './hub-image';

/**
 * A user's picture as an <img> source (spec §9: an https path as is, else the hub's picture):
 * on the desktop the bytes come through main (useHubImage), since the renderer holds no token.
 * `version` (after an upload) makes the browser and the cache ask again.
 */
export function usePictureUrl(user: Pick<SessionUser, 'imagePath'>, version?: string | number | null): string | undefined {
  const path = user.imagePath ? `${user.imagePath}${version ? `${user.imagePath.includes('?') ? '&' : '?'}v=${encodeURIComponent(String(version))}` : ''}` : null;
  return useHubImage(path);
}

/** Fluent Avatar's image slot: left out entirely when there is no picture, so initials show. */
export function useAvatarImage(user: Pick<SessionUser, 'imagePath'>): { src: string } | undefined {
  const src = usePictureUrl(user);
  return src ? { src } : undefined;
}
