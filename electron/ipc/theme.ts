import type { NativeTheme } from 'electron';
import { applyThemeChoice } from '../native-theme';
import type { ChannelActions } from './result';

export interface ThemeDeps {
  /** electron's nativeTheme; absent where there is none to set (the e2e rig) */
  nativeTheme?: Pick<NativeTheme, 'themeSource'>;
}

export function themeActions(deps: ThemeDeps): ChannelActions<'theme:set'> {
  return {
    async 'theme:set'({ choice }) {
      if (deps.nativeTheme) applyThemeChoice(deps.nativeTheme, choice);
      return null;
    },
  };
}
