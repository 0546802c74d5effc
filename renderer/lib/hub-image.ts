import { useQuery, type QueryCache } from '@tanstack/react-query';
import { getTransport } from './transport';

/**
 * spec §9: an image path starting with https is used as is; otherwise it is an API path on the
 * hub (e.g. '/user/12/image'). Null when there is no picture.
 */
export function hubImagePath(path: string | null | undefined): string | null {
  if (!path) return null;
  if (path.startsWith('https')) return path;
  return path.startsWith('/') ? path : `/${path}`;
}

/** The web app's same-origin URL of a hub path: the session cookie rides along with the <img> request. */
export function webImageUrl(path: string | null | undefined): string | undefined {
  const hubPath = hubImagePath(path);
  if (!hubPath) return undefined;
  return hubPath.startsWith('https') ? hubPath : `/api${hubPath}`;
}

/** Pictures change under the same path only when uploaded anew; the upload invalidates ['hub-image']. */
const IMAGE_STALE_MS = 10 * 60_000;

const IMAGE_KEY = 'hub-image';

// One blob: URL per picture the query cache holds. It is made on first use while rendering (the
// same Blob always gives the same URL, so rendering stays pure) and revoked when the cache drops
// or replaces those bytes (revokeEvictedImages), not when one component unmounts: others, or the
// same one remounted, may still show it.
const objectUrls = new Map<Blob, string>();

/** The blob: URL of cached picture bytes, the same for the same Blob. */
export function objectUrlOf(blob: Blob): string {
  let url = objectUrls.get(blob);
  if (!url) {
    url = URL.createObjectURL(blob);
    objectUrls.set(blob, url);
  }
  return url;
}

/** Revokes a picture's blob: URL once the query cache no longer holds its bytes; returns the unsubscribe. */
export function revokeEvictedImages(cache: QueryCache): () => void {
  const held = new Map<string, Blob>();
  return cache.subscribe((event) => {
    const { query } = event;
    if (query.queryKey[0] !== IMAGE_KEY) return;
    const before = held.get(query.queryHash);
    const now = event.type === 'removed' ? undefined : (query.state.data as Blob | undefined);
    if (before === now) return;
    if (now) held.set(query.queryHash, now);
    else held.delete(query.queryHash);
    const url = before && objectUrls.get(before);
    if (url) {
      URL.revokeObjectURL(url);
      objectUrls.delete(before);
    }
  });
}

/**
 * An <img> source for a picture the hub serves. Web: the same-origin '/api' URL. Desktop: the
 * renderer holds no token, so main fetches the bytes (hub:image); they are cached per path with
 * TanStack Query and shown through a blob: URL that lives as long as the cached bytes.
 * Undefined while loading or when there is no picture, so callers show initials.
 */
export function useHubImage(path: string | null | undefined): string | undefined {
  const transport = getTransport();
  const hubPath = hubImagePath(path);
  const fetchHere = transport.kind === 'desktop' && !!hubPath && !hubPath.startsWith('https');
  const { data } = useQuery({
    queryKey: [IMAGE_KEY, hubPath],
    queryFn: () => transport.image(hubPath as string),
    enabled: fetchHere,
    staleTime: IMAGE_STALE_MS,
    retry: false,
  });
  if (!fetchHere) return webImageUrl(hubPath);
  return data ? objectUrlOf(data) : undefined;
}
