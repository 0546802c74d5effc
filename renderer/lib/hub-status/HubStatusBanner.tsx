import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';
import { LiveRegion, useChangeAnnouncement } from '../live/LiveRegion';
import { HUB_FAILED_HINT, HUB_RESTARTING_HINT, hubAnnouncement, hubPhase, hubStatusTitle, isHubDown } from './messages';
import { hubStatusAtom, restartHub, startHubStatus } from './state';

const useStyles = makeStyles({
  root: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}` },
});

/**
 * While the built-in hub restarts, or once main has given up, a banner over
 * every screen (signed in or not) says so; it does not block the screen. Its live region is in
 * the page from the start, so the first 'stopped' is heard.
 */
export default function HubStatusBanner() {
  const styles = useStyles();
  const status = useAtomValue(hubStatusAtom);
  const said = useChangeAnnouncement(hubPhase(status), hubAnnouncement);
  const [asking, setAsking] = useState(false);
  useEffect(startHubStatus, []);
  const tryAgain = () => {
    setAsking(true);
    restartHub().finally(() => setAsking(false));
  };
  return (
    <>
      <LiveRegion announcement={said} testId="hub-status-announcer" />
      {status && isHubDown(status) && (
        <aside aria-label="Built-in hub" className={styles.root}>
          <MessageBar intent={status.state === 'failed' ? 'error' : 'warning'} data-testid="hub-status-banner">
            <MessageBarBody>
              <MessageBarTitle>{hubStatusTitle(status)}</MessageBarTitle>
              {status.state === 'failed' ? [status.message, HUB_FAILED_HINT].filter(Boolean).join(' ') : HUB_RESTARTING_HINT}
            </MessageBarBody>
            {status.state === 'failed' && (
              <MessageBarActions>
                <Button appearance="primary" disabled={asking} onClick={tryAgain}>Try again</Button>
              </MessageBarActions>
            )}
          </MessageBar>
        </aside>
      )}
    </>
  );
}
