import { useLocation } from 'react-router-dom';
import { Button } from '@fluentui/react-components';
import { OpenRegular } from '@fluentui/react-icons';
import { appLinkFor, COPY_LINK_TEXT } from '../../../shared/rules/app-links';
import { reachedThroughLink } from '../copy-link';
import { isDesktop } from '../transport';

/**
 * On the web, a screen reached through a shared link (/objective/123) offers the same
 * screen in the desktop app (bitstone-hub://objective/123); the browser asks before it opens it.
 * Nothing in the app itself, nor on a screen reached any other way.
 */
export function OpenInDesktopApp({ appPath }: { appPath: string }) {
  const { state } = useLocation();
  const link = appLinkFor(appPath);
  if (isDesktop() || !link || !reachedThroughLink(state)) return null;
  return (
    <Button as="a" href={link} icon={<OpenRegular />}>
      {COPY_LINK_TEXT.openInApp}
    </Button>
  );
}
