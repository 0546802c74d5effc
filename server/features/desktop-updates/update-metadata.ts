import { parse } from 'yaml';
import { z } from 'zod';
import { isReleaseFileName } from '../../../shared/api/desktop';

// electron-builder's update metadata (latest.yml, latest-mac.yml, latest-linux.yml),
// the file electron-updater's generic provider reads first. What the hub needs from it: the
// version, the release date, and the files it names with their sha512 and size. The `yaml`
// package is the one @fastify/swagger already brings (no new dependency).

export interface UpdateMetadata {
  version: string;
  releaseDate: string | null;
  files: { name: string; sha512: string; size: number | null }[];
}

/** The metadata is a few hundred bytes; anything far larger is not it. */
export const METADATA_MAX_BYTES = 64 * 1024;

const fileSchema = z.object({
  url: z.string().refine(isReleaseFileName),
  sha512: z.string().min(1),
  size: z.number().int().nonnegative().optional(),
});

const metadataSchema = z.object({
  // `version: 2.0` unquoted reads as a number
  version: z.union([z.string().min(1).max(100), z.number()]).transform(String),
  files: z.array(fileSchema).optional(),
  // before electron-builder 20 the metadata named one file, at the top level
  path: z.string().refine(isReleaseFileName).optional(),
  sha512: z.string().optional(),
  releaseDate: z.union([z.string(), z.date()]).optional(),
});

/** null when the text is not update metadata the hub can serve. */
export function parseUpdateMetadata(text: string): UpdateMetadata | null {
  let raw: unknown;
  try {
    raw = parse(text, { maxAliasCount: 10 });
  } catch {
    return null;
  }
  const parsed = metadataSchema.safeParse(raw);
  if (!parsed.success) return null;
  const { version, files, path, sha512, releaseDate } = parsed.data;
  const named = files?.length ? files.map((f) => ({ name: f.url, sha512: f.sha512, size: f.size ?? null }))
    : path && sha512 ? [{ name: path, sha512, size: null }] : [];
  if (named.length === 0) return null;
  const date = releaseDate instanceof Date ? releaseDate.toISOString() : (releaseDate ?? null);
  return { version, releaseDate: date, files: named };
}
