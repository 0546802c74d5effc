import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { objectiveAreaScreens, type ObjectiveAreaKey } from '../../../shared/rules/objective-area';
import { userAtom } from '../../lib/session/session';
import { hubBridge } from '../../lib/transport';

// Desktop: the Go menu offers the objective area's entries the signed-in person's navigation
// shows (Approvals to approvers, Statistics to all but the barred role), so main is told which
// they are when someone signs in, out, or their role changes. Main builds the menu; the hub
// still refuses what the person may not see, whatever the menu says.

export function useGoMenuAreaScreens(): void {
  const user = useAtomValue(userAtom);
  // a text, so a user object that is new but the same person with the same role sends nothing
  const screens = user ? objectiveAreaScreens(user).map((screen) => screen.key).join(' ') : null;
  useEffect(() => {
    const bridge = hubBridge();
    if (!bridge) return;
    const keys = screens === null ? null : (screens.split(' ') as ObjectiveAreaKey[]);
    void bridge.invoke('menu:area-screens', { screens: keys }).catch(() => undefined);
  }, [screens]);
}
