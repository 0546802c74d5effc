import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Stats } from 'node:fs';
import { DESKTOP_METADATA_FILES, isReleaseFileName, type DesktopPlatform, type DesktopRelease } from '../../../shared/api/desktop';
import { METADATA_MAX_BYTES, parseUpdateMetadata, type UpdateMetadata } from './update-metadata';

// The folder an admin fills (HUB_RELEASES_DIR). Only plain file names inside it are
// ever read: no path separators, and no dot-files (the upload's staging folders).

/** The file's path and stats, or null when the name is not a release file or the folder has no such file. */
export async function releaseFile(dir: string, name: string): Promise<{ path: string; stats: Stats } | null> {
  if (!isReleaseFileName(name)) return null;
  const filePath = path.join(dir, name);
  const stats = await stat(filePath).catch(() => null);
  return stats?.isFile() ? { path: filePath, stats } : null;
}

async function readSmallFile(filePath: string): Promise<string | null> {
  const handle = await open(filePath, 'r').catch(() => null);
  if (!handle) return null;
  try {
    const buffer = Buffer.alloc(METADATA_MAX_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return bytesRead > METADATA_MAX_BYTES ? null : buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** The platform's update metadata as the folder holds it now; null when absent or unreadable. */
export async function platformMetadata(dir: string | null, platform: DesktopPlatform): Promise<UpdateMetadata | null> {
  if (!dir) return null;
  const text = await readSmallFile(path.join(dir, DESKTOP_METADATA_FILES[platform]));
  return text === null ? null : parseUpdateMetadata(text);
}

/** What Admin → Desktop app shows of a release: each named file's size in the folder and its blockmap. */
export async function describeRelease(dir: string, metadata: UpdateMetadata): Promise<DesktopRelease> {
  const files = await Promise.all(metadata.files.map(async (file) => {
    const [found, blockmap] = await Promise.all([releaseFile(dir, file.name), releaseFile(dir, `${file.name}.blockmap`)]);
    return { name: file.name, size: found?.stats.size ?? null, sha512: file.sha512.length > 0, blockmap: blockmap !== null };
  }));
  return { version: metadata.version, releaseDate: metadata.releaseDate, files };
}

const CONTENT_TYPES: Record<string, string> = {
  '.yml': 'text/yaml; charset=utf-8',
  '.yaml': 'text/yaml; charset=utf-8',
  '.exe': 'application/vnd.microsoft.portable-executable',
  '.dmg': 'application/x-apple-diskimage',
  '.zip': 'application/zip',
  '.appimage': 'application/vnd.appimage',
  '.deb': 'application/vnd.debian.binary-package',
  '.rpm': 'application/x-rpm',
};

export function releaseContentType(name: string): string {
  return CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
}
