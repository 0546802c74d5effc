import type { BaseWindow, Dialog } from 'electron';
import type { SaveResult } from '../shared/ipc';

export interface SaveFileDeps {
  dialog: Pick<Dialog, 'showSaveDialog'>;
  writeFile: (path: string, bytes: Uint8Array) => Promise<void>;
  window: BaseWindow | null;
  /** where the dialog opens (the user's Downloads folder); omitted: the OS default */
  defaultDir?: string;
  /** path.join of the host; handed in so tests run the same on every OS */
  joinPath?: (dir: string, name: string) => string;
}

export interface SaveFileInput {
  suggestedName: string;
  bytes: Uint8Array;
}

const FALLBACK_NAME = 'download';

/**
 * A suggested name comes from the renderer or the hub: it is only ever a file name, never a path
 * (design §3: a user-supplied name is never a filesystem path).
 */
export function sanitizeFileName(name: string): string {
  const cleaned = name
    .replace(/[/\\]/g, '_')
    // Windows-reserved characters and control characters
    // eslint-disable-next-line no-control-regex
    .replace(/[<>:"|?*\u0000-\u001f\u007f]/g, '_')
    .trim()
    .replace(/^\.+/, '')
    .replace(/[. ]+$/, '')
    .slice(0, 200);
  if (!cleaned || /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i.test(cleaned)) return cleaned ? `_${cleaned}` : FALLBACK_NAME;
  return cleaned;
}

/** native save dialog, write, and report saved / cancelled / failed; never throws. */
export async function saveFile(deps: SaveFileDeps, input: SaveFileInput): Promise<SaveResult> {
  const name = sanitizeFileName(input.suggestedName);
  const defaultPath = deps.defaultDir ? (deps.joinPath ?? defaultJoin)(deps.defaultDir, name) : name;
  try {
    const options = { defaultPath, properties: ['showOverwriteConfirmation', 'createDirectory'] as Array<'showOverwriteConfirmation' | 'createDirectory'> };
    const choice = deps.window ? await deps.dialog.showSaveDialog(deps.window, options) : await deps.dialog.showSaveDialog(options);
    if (choice.canceled || !choice.filePath) return { status: 'cancelled' };
    await deps.writeFile(choice.filePath, input.bytes);
    return { status: 'saved', path: choice.filePath };
  } catch (error) {
    return { status: 'failed', message: failureMessage(error) };
  }
}

function failureMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EACCES' || code === 'EPERM') return 'The file could not be saved there: permission denied.';
  if (code === 'ENOSPC') return 'The file could not be saved: the disk is full.';
  return 'The file could not be saved.';
}

const defaultJoin = (dir: string, name: string) => `${dir.replace(/[/\\]+$/, '')}/${name}`;
