import { HUB_STATUS_OFF, type HubStatus } from '../../shared/hub-status';
import type { ChannelActions } from './result';

export interface HubStatusDeps {
  /** the built-in hub's supervisor (through HubConnection); absent where there is none (the e2e rig) */
  hubStatus?: { status(): HubStatus; restart(): HubStatus };
}

export function hubStatusActions(deps: HubStatusDeps): ChannelActions<'hub:status' | 'hub:restart'> {
  return {
    'hub:status': async () => deps.hubStatus?.status() ?? HUB_STATUS_OFF,
    'hub:restart': async () => deps.hubStatus?.restart() ?? HUB_STATUS_OFF,
  };
}
