import { useEffect, useState } from 'react';
import type { UpdateNotice } from '../../../../shared/ipc';
import { hubBridge } from '../../../lib/transport';
import { invokeMain } from './desktop-ipc';

/**
 * The update main has downloaded, or null. Asked once (the window may open after main
 * announced it) and then kept by main's 'update:ready' events.
 */
export function useUpdateNotice(): UpdateNotice | null {
  const [notice, setNotice] = useState<UpdateNotice | null>(null);
  useEffect(() => {
    const bridge = hubBridge();
    if (!bridge) return undefined;
    let heard = false;
    const stop = bridge.onUpdate?.((next) => {
      heard = true;
      setNotice(next);
    });
    invokeMain('update:state').then(
      (current) => {
        if (!heard && current) setNotice(current);
      },
      () => {}, // an older main without the channel: no bar
    );
    return stop;
  }, []);
  return notice;
}

/** 'Restart to update': main quits and installs; nothing to wait for. */
export function restartToUpdate(): void {
  void invokeMain('update:install').catch(() => {});
}
