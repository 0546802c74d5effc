// The right of access (docs/personal-data.md 'Getting a copy'): the archive's file name, the same
// whether the hub or the app names it.

/** 'bitstone-hub-data-ana.pop-2026-11-27.zip'; `day` is YYYY-MM-DD. */
export function personalDataFile(username: string, day: string): string {
  const safe = username.replace(/[^\p{L}\p{N}._-]+/gu, '_');
  return `bitstone-hub-data-${safe}-${day}.zip`;
}
