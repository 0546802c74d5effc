import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
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

/**
 * An <img> source for a picture the hub serves. Web: the same-origin '/api' URL. Desktop: the
 * renderer holds no token, so main fetches the bytes (hub:image); they are cached per path with
 * TanStack Query and shown through a blob: URL that is revoked when the component lets it go.
 * Undefined while loading or when there is no picture, so callers show initials.
 */
export function useHubImage(path: string | null | undefined): string | undefined {
  const transport = getTransport();
  const hubPath = hubImagePath(path);
  const fetchHere = transport.kind === 'desktop' && !!hubPath && !hubPath.startsWith('https');
  const { data } = useQuery({
    queryKey: ['hub-image', hubPath],
    queryFn: () => transport.image(hubPath as string),
    enabled: fetchHere,
    staleTime: IMAGE_STALE_MS,
    retry: false,
  });
  const [objectUrl, setObjectUrl] = useState<string>();
  useEffect(() => {
    if (!fetchHere || !data) {
      setObjectUrl(undefined);
      return undefined;
    }
    const url = URL.createObjectURL(data);
    setObjectUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [fetchHere, data]);
  return fetchHere ? objectUrl : webImageUrl(hubPath);
}
