import type { HubClient } from '../hub-client';
import type { ChannelActions } from './result';

export interface SessionDeps {
  hub: Pick<HubClient, 'login' | 'logout' | 'state'>;
}

/** HubClient keeps the token; these answers are SessionState only (no token). */
export function sessionActions(deps: SessionDeps): ChannelActions<'session:login' | 'session:logout' | 'session:state'> {
  return {
    'session:login': ({ username, password }) => deps.hub.login(username, password),
    async 'session:logout'() {
      await deps.hub.logout();
      return null;
    },
    'session:state': () => deps.hub.state(),
  };
}
