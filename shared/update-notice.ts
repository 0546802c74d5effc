// What main tells the window about a downloaded update. Zod-free, so the sandboxed
// preload can check what it forwards without bundling zod (as shared/ipc-channels.ts).

export interface UpdateNotice {
  version: string;
  /** an admin marked a release at least this new required */
  required: boolean;
  /** a required update found at start: main installs it in a moment, the window only says so */
  installing: boolean;
}

/** The notice, or null for anything else: only a short version and two flags reach the page. */
export function asUpdateNotice(payload: unknown): UpdateNotice | null {
  if (!payload || typeof payload !== 'object') return null;
  const { version, required, installing } = payload as Record<string, unknown>;
  if (typeof version !== 'string' || !/^[0-9A-Za-z.+-]{1,64}$/.test(version)) return null;
  if (typeof required !== 'boolean' || typeof installing !== 'boolean') return null;
  return { version, required, installing };
}
