import type { ReactNode } from 'react';
import { MessageBar, MessageBarBody, MessageBarTitle, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useOffline } from './OfflineBanner';
import { isKeptScreen } from './kept-screens';
import { NOT_KEPT_OFFLINE, OFFLINE_TITLE } from './messages';

// Offline, a screen whose data is not kept says so plainly, instead of failing calls
// one by one or the shell's 'Something went wrong'.

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXXL}` },
});

/** The plain message of a screen with nothing kept while the hub cannot be reached. */
export function NotKeptOffline() {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      {/* the screen's own title is in its code, which is not shown: the page still has its one h1 */}
      <Text as="h1" size={700} weight="semibold">Not available offline</Text>
      <MessageBar intent="warning" role="status" data-testid="offline-banner">
        <MessageBarBody>
          <MessageBarTitle>{OFFLINE_TITLE}</MessageBarTitle>
          <span data-testid="not-kept-offline">{NOT_KEPT_OFFLINE}</span>
        </MessageBarBody>
      </MessageBar>
    </div>
  );
}

/**
 * The routed screen, or offline on a screen that keeps nothing, the message. The screen stays
 * mounted underneath (hidden), so what a person had open, a dialog included, is there again the
 * moment the hub answers.
 */
export function OfflineScreenGate({ pathname, children }: { pathname: string; children: ReactNode }) {
  const gated = useOffline() && !isKeptScreen(pathname);
  // one tree either way, or React would mount the screen afresh when the hub comes back
  return (
    <>
      {gated && <NotKeptOffline />}
      <div style={{ display: gated ? 'none' : 'contents' }}>{children}</div>
    </>
  );
}

/**
 * A screen's code that could not be fetched (a lazy route's chunk): on the web without the
 * worker's copy, the hub being away is the usual reason. Each browser words it its own way.
 */
export function isChunkLoadFailure(error: unknown): boolean {
  return error instanceof TypeError && /dynamically imported module|module script failed/i.test(error.message);
}
