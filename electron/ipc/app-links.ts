import type { ChannelActions } from './result';

export interface AppLinkDeps {
  /** electron/deep-links.ts's takePending; absent where no link can come (the e2e rig) */
  takePendingLink?: () => string | null;
}

export function appLinkActions(deps: AppLinkDeps): ChannelActions<'app-link:take'> {
  return {
    async 'app-link:take'() {
      return deps.takePendingLink?.() ?? null;
    },
  };
}
