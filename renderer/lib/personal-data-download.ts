import { useState } from 'react';
import { isoDay } from '../../shared/rules/dates';
import { personalDataFile } from '../../shared/rules/personal-data-export';
import { getTransport, type DownloadResult } from './transport';

// Settings (one's own) and Admin → Users (anyone's) save the same archive the same way:
// the transport's download (a save dialog on the desktop, a browser download on the web).

export type DownloadState = { kind: 'idle' } | { kind: 'preparing' } | { kind: 'failed'; message: string };

/** Saves the archive at `hubPath` as bitstone-hub-data-<username>-<today>.zip; `state` follows it. */
export function usePersonalDataDownload() {
  const [state, setState] = useState<DownloadState>({ kind: 'idle' });
  const download = async (hubPath: string, username: string): Promise<DownloadResult> => {
    setState({ kind: 'preparing' });
    const result = await getTransport().download(hubPath, personalDataFile(username, isoDay()));
    setState(result.status === 'failed' ? { kind: 'failed', message: result.message } : { kind: 'idle' });
    return result;
  };
  return { state, download };
}
