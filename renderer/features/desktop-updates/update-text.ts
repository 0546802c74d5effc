import type { UpdateNotice } from '../../../shared/ipc';

// What the update bar says; the same words go to its live region.

export const RESTART_TO_UPDATE = 'Restart to update';

export function updateText(notice: UpdateNotice): string {
  if (notice.installing) return `A required update to ${notice.version} is being installed…`;
  if (notice.required) return `An update is required: restart to update to ${notice.version}.`;
  return `Update ${notice.version} is ready. It is installed when you restart or quit.`;
}
