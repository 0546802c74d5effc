import type { ObjectiveAreaKey } from '../../shared/rules/objective-area';
import type { ChannelActions } from './result';

export interface MenuDeps {
  /** the Go menu's objective-area entries for the person signed in (electron/app-menu.ts); null: signed out */
  onAreaScreens?: (screens: ObjectiveAreaKey[] | null) => void;
}

export function menuActions(deps: MenuDeps): ChannelActions<'menu:area-screens'> {
  return {
    async 'menu:area-screens'({ screens }) {
      deps.onAreaScreens?.(screens);
      return null;
    },
  };
}
