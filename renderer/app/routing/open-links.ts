import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { atom, useAtomValue } from 'jotai';
import { isAppPath } from '../../../shared/ipc-channels';
import { firstLoginAtom, passwordMustChangeAtom, userAtom } from '../../lib/session/session';
import { appStore } from '../../lib/store';
import { hubBridge } from '../../lib/transport';

// Desktop: main hands over app paths to open: a clicked native notification, the Go
// menu, a bitstone-hub:// link. A link may come before anyone is signed in (it started the app),
// so it waits here until the person is in and past the first-login stepper, then opens; one
// arriving signed in opens at once. The one that came before this page listened is asked for once.

/** The app path waiting for a sign-in; the latest link wins. */
const pendingLinkAtom = atom<string | null>(null);

const keep = (link: unknown) => {
  if (isAppPath(link)) appStore.set(pendingLinkAtom, link);
};

export function useOpenLinks(): void {
  const navigate = useNavigate();
  const pending = useAtomValue(pendingLinkAtom);
  const user = useAtomValue(userAtom);
  const firstLogin = useAtomValue(firstLoginAtom);
  const passwordMustChange = useAtomValue(passwordMustChangeAtom);
  const signedIn = user !== null && !firstLogin && !passwordMustChange;

  useEffect(() => {
    const bridge = hubBridge();
    if (!bridge) return undefined;
    // not dropped when the effect is undone first (StrictMode): main gave it up already
    void bridge.invoke('app-link:take').then((result) => result.ok && keep(result.data), () => undefined);
    return bridge.onNotifications?.((event) => {
      if (event.type === 'open') keep(event.link);
    });
  }, []);

  useEffect(() => {
    if (!signedIn || pending === null) return;
    appStore.set(pendingLinkAtom, null);
    void navigate(pending);
  }, [signedIn, pending, navigate]);
}
