import { hubHealth } from '../about';
import type { HubClient } from '../hub-client';
import { hubCompat } from '../hub-compat';
import type { HubConnection } from '../hub-connection';
import type { Updater } from '../updater';
import type { ChannelActions } from './result';

export interface UpdatesDeps {
  /** electron/updater.ts; absent where nothing updates (the e2e rig) */
  updater?: Pick<Updater, 'notice' | 'install'>;
  /** app.getVersion(): compared with what the hub serves (hub:compat) */
  appVersion?: string;
}

type Deps = UpdatesDeps & { hub: Pick<HubClient, 'request'>; connection: Pick<HubConnection, 'settings'> };

/** the window's side of updates, and the app ⇄ hub version check. */
export function updatesActions(deps: Deps): ChannelActions<'update:state' | 'update:install' | 'hub:compat'> {
  return {
    'update:state': async () => deps.updater?.notice() ?? null,
    async 'update:install'() {
      deps.updater?.install();
      return null;
    },
    async 'hub:compat'() {
      const health = await hubHealth({
        request: (req) => deps.hub.request(req, { endSessionOn401: false }),
        hubUrl: () => deps.connection.settings().hubUrl,
      });
      return hubCompat(health, deps.appVersion ?? 'of unknown version');
    },
  };
}
