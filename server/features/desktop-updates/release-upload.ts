import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { ApiError } from '../../../shared/api/common';
import { DESKTOP_METADATA_FILES, DESKTOP_PLATFORMS, DESKTOP_RELEASE_MESSAGES as M, DESKTOP_UPLOAD_FIELD, isReleaseFileName, releaseFileError, type DesktopPlatform } from '../../../shared/api/desktop';
import { METADATA_MAX_BYTES, parseUpdateMetadata, type UpdateMetadata } from './update-metadata';

// Admin → Desktop app upload: the update metadata plus the files it names, each checked
// against the metadata's sha512 (and size), written into the releases folder only when all are
// right. Files stream to a staging dot-folder inside the releases folder (never served, same disk,
// so the final move is a rename); the metadata goes in last, so an app never reads a latest*.yml
// naming a file that is not there yet.

interface FileProblem {
  /** the file's name; null for the upload as a whole */
  name: string | null;
  message: string;
}

export interface StagedFile {
  name: string;
  /** the name it is published under: the metadata's spelling of it (below) */
  target: string;
  size: number;
  sha512: string;
  truncated: boolean;
}

export interface Staging {
  dir: string;
  files: StagedFile[];
  /** problems found while receiving (bad names, twice chosen, too large), by file */
  errors: FileProblem[];
}

const PLATFORM_OF_METADATA = new Map(DESKTOP_PLATFORMS.map((p) => [DESKTOP_METADATA_FILES[p], p] as const));

export async function startStaging(releasesDir: string): Promise<Staging> {
  await mkdir(releasesDir, { recursive: true });
  const dir = path.join(releasesDir, `.upload-${randomUUID()}`);
  await mkdir(dir);
  return { dir, files: [], errors: [] };
}

/** Streams one uploaded file into the staging folder, hashing it on the way (installers are 100+ MB). */
export async function stageFile(staging: Staging, name: string, stream: Readable & { truncated?: boolean }): Promise<void> {
  const problem = !isReleaseFileName(name) ? M.badFileName : staging.files.some((f) => f.name === name) ? M.duplicate : null;
  if (problem) {
    staging.errors.push({ name, message: problem });
    stream.resume();
    return;
  }
  const hash = createHash('sha512');
  let size = 0;
  await pipeline(
    stream,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    },
    createWriteStream(path.join(staging.dir, name)),
  );
  const truncated = stream.truncated === true;
  if (truncated) staging.errors.push({ name, message: M.tooLarge });
  staging.files.push({ name, target: name, size, sha512: hash.digest('base64'), truncated });
}

export interface Checked {
  /** the platforms whose metadata the upload carried, with it */
  metadata: { platform: DesktopPlatform; name: string; parsed: UpdateMetadata }[];
  errors: ApiError[];
}

/**
 * electron-builder names the NSIS installer 'Bitstone Hub Setup 1.2.0.exe' on disk but
 * 'Bitstone-Hub-Setup-1.2.0.exe' in latest.yml (electron-builder#3894): the file is taken under
 * either spelling and published under the metadata's, which is the URL the updater asks for.
 */
const metadataSpelling = (name: string) => name.replace(/ /g, '-');

/** Every file the metadata names arrived with its sha512 and size; nothing arrived that it does not name. */
export async function checkStaging(staging: Staging): Promise<Checked> {
  const errors: FileProblem[] = [...staging.errors];
  const received = new Map(staging.files.map((f) => [metadataSpelling(f.name), f]));
  for (const file of staging.files) received.set(file.name, file);
  const metadata: Checked['metadata'] = [];
  for (const file of staging.files) {
    const platform = PLATFORM_OF_METADATA.get(file.name);
    if (!platform || file.truncated) continue;
    const text = file.size > METADATA_MAX_BYTES ? null : await readFile(path.join(staging.dir, file.name), 'utf8');
    const parsed = text === null ? null : parseUpdateMetadata(text);
    if (parsed) metadata.push({ platform, name: file.name, parsed });
    else errors.push({ name: file.name, message: M.badMetadata });
  }
  if (metadata.length === 0 && !errors.some((e) => e.message === M.badMetadata)) errors.push({ name: null, message: M.noMetadata });

  const named = new Set<string>();
  for (const { parsed } of metadata) {
    for (const file of parsed.files) {
      named.add(file.name);
      const got = received.get(file.name);
      if (!got) {
        errors.push({ name: file.name, message: M.missing });
        continue;
      }
      got.target = file.name;
      // said of the file as it was chosen, so the upload form puts it beside that file
      if (got.truncated) continue;
      else if (got.sha512 !== file.sha512) errors.push({ name: got.name, message: M.sha512 });
      else if (file.size !== null && got.size !== file.size) errors.push({ name: got.name, message: M.size });
    }
  }
  for (const file of staging.files) {
    if (PLATFORM_OF_METADATA.has(file.name) || named.has(file.target)) continue;
    // a blockmap is never named: electron-updater asks for `<file>.blockmap` beside a named file
    const base = file.name.endsWith('.blockmap') ? metadataSpelling(file.name.slice(0, -'.blockmap'.length)) : null;
    if (base !== null && named.has(base)) {
      file.target = `${base}.blockmap`;
      continue;
    }
    if (!errors.some((e) => e.name === file.name)) errors.push({ name: file.name, message: M.unnamed });
  }
  const targets = new Set<string>();
  for (const file of staging.files) {
    if (targets.has(file.target)) errors.push({ name: file.name, message: M.duplicate });
    targets.add(file.target);
  }
  // two metadata files may name the same missing file: it is said once
  const messages = new Set(errors.map((e) => (e.name === null ? e.message : releaseFileError(e.name, e.message))));
  return { metadata, errors: [...messages].map((message) => ({ message, field: DESKTOP_UPLOAD_FIELD })) };
}

/** Moves the checked files into the releases folder: installers and blockmaps first, the metadata last. */
export async function publishStaging(staging: Staging, releasesDir: string): Promise<void> {
  const ordered = [...staging.files].sort((a, b) => Number(PLATFORM_OF_METADATA.has(a.name)) - Number(PLATFORM_OF_METADATA.has(b.name)));
  for (const file of ordered) await rename(path.join(staging.dir, file.name), path.join(releasesDir, file.target));
}

export async function discardStaging(staging: Staging): Promise<void> {
  await rm(staging.dir, { recursive: true, force: true });
}
