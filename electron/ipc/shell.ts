import { openExternalSafely } from '../external-links';
import { badRequest, type ChannelActions } from './result';

export interface ShellDeps {
  /** shell.openExternal */
  openExternal: (url: string) => Promise<void>;
}

export function shellActions(deps: ShellDeps): ChannelActions<'shell:open-external'> {
  return {
    async 'shell:open-external'({ url }) {
      if (!(await openExternalSafely(url, deps.openExternal))) throw badRequest('Only web links (http or https) and calendar feed addresses (webcal) can be opened.', 'url');
      return null;
    },
  };
}
