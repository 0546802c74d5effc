import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Migrations during a rolling upgrade: the hub of the previous release, for the test
// that migrates a database under it. The project tags no releases (package.json has said 0.1.0
// from the start), so the previous release is the newest code on main's line that ran on fewer
// migrations than this checkout: walking the first-parent history of the migration journal, the
// parent of the newest commit whose parent's journal is a strict prefix of this one. A file's
// history alone does not tell: a migration renumbered while a branch was merged arrives as a
// rename, and a merge commit's second parent may already hold it. A journal changed but not
// committed yet (a migration being written) makes HEAD that code. Its hub runs from a copy of
// that commit's tree with this checkout's node_modules, through tsx like every other hub process
// in tests.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MIGRATIONS = 'server/db/migrations';

export interface PreviousRelease {
  commit: string;
  /** the journal tags of the migrations the previous release has not got: the newest, at least */
  newMigrations: string[];
  /** the previous release's migrations, in journal order */
  migrations: string[];
  /** a copy of the previous release's tree (pass as a hub process's root) */
  root: string;
  remove(): void;
}

export function journalTags(root: string): string[] {
  const journal = JSON.parse(readFileSync(path.join(root, MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  return journal.entries.map((entry) => entry.tag);
}

const git = (args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 }).trim();

const JOURNAL = `${MIGRATIONS}/meta/_journal.json`;

function tagsAt(commit: string): string[] | undefined {
  try {
    const journal = JSON.parse(git(['show', `${commit}:${JOURNAL}`])) as { entries: Array<{ tag: string }> };
    return journal.entries.map((entry) => entry.tag);
  } catch {
    return undefined; // before the first migration, or not in a shallow clone
  }
}

const isStrictPrefix = (older: string[], current: string[]) => older.length < current.length && older.every((tag, i) => tag === current[i]);

/** The commit that holds the previous release (see the comment at the top). */
export function previousReleaseCommit(current: string[]): string {
  const head = git(['rev-parse', 'HEAD']);
  const atHead = tagsAt(head);
  if (atHead && isStrictPrefix(atHead, current)) return head;
  for (const commit of git(['log', '--first-parent', '--format=%H', '--', JOURNAL]).split('\n').filter(Boolean)) {
    let parent: string;
    try {
      parent = git(['rev-parse', '--verify', '--quiet', `${commit}^1`]);
    } catch {
      continue; // the first commit, or its parent is cut off by a shallow clone
    }
    const tags = tagsAt(parent);
    if (tags && isStrictPrefix(tags, current)) return parent;
  }
  const shallow = git(['rev-parse', '--is-shallow-repository']) === 'true';
  throw new Error(
    shallow
      ? 'no commit before the newest migration is in this shallow clone: run the test on a full clone (git fetch --unshallow)'
      : 'no commit on this line ran on fewer migrations: there is no previous release to run',
  );
}

export function checkOutPreviousRelease(): PreviousRelease {
  const current = journalTags(ROOT);
  const commit = previousReleaseCommit(current);
  const root = mkdtempSync(path.join(os.tmpdir(), 'hub-previous-release-'));
  try {
    // the whole tree (a few MB): whatever its server imports is there
    const tar = execFileSync('git', ['archive', '--format=tar', commit], { cwd: ROOT, maxBuffer: 256 << 20 });
    execFileSync('tar', ['-x', '-C', root], { input: tar });
    // bare specifiers resolve from the copy up to this checkout's packages
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    const migrations = journalTags(root);
    // the previous release's migrations are the first ones of this checkout (a commit that added
    // several at once leaves several to apply)
    const isPrefix = migrations.length < current.length && migrations.every((tag, i) => tag === current[i]);
    if (!isPrefix) {
      throw new Error(`${commit.slice(0, 10)} has the migrations ${migrations.join(', ')}: not the first ones of this checkout's ${current.join(', ')}`);
    }
    return { commit, newMigrations: current.slice(migrations.length), migrations, root, remove: () => rmSync(root, { recursive: true, force: true }) };
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}
