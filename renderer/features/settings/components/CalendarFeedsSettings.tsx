import { useState } from 'react';
import { Button, Input, Link, makeStyles, MessageBar, MessageBarBody, Spinner, Switch, Text, tokens } from '@fluentui/react-components';
import { ArrowSyncRegular, CalendarAddRegular, CopyRegular } from '@fluentui/react-icons';
import type { CalendarFeed, CalendarFeedAddress } from '../../../../shared/api/calendar-feeds';
import { CALENDAR_FEED_TEXT } from '../../../../shared/rules/calendar-feeds';
import { errorText } from '../../../lib/api';
import { openExternal } from '../../../lib/external';
import { SettingsCard } from '../../../lib/components/SettingsCard';
import { useNotify } from '../../../lib/toast';
import { isDesktop } from '../../../lib/transport';
import { useCalendarFeeds, useIssueFeedAddress, useTurnFeedOff } from '../api/calendar-feeds';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, margin: 0, padding: 0, listStyleType: 'none' },
  item: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  address: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  url: { flexGrow: 1, minWidth: '12rem' },
  hint: { color: tokens.colorNeutralForeground3 },
});

interface ItemProps {
  feed: CalendarFeed;
  /** the address made in this visit: the hub cannot show it again */
  address: CalendarFeedAddress | undefined;
  busy: boolean;
  onSwitch: (on: boolean) => void;
  onRenew: () => void;
}

function FeedItem({ feed, address, busy, onSwitch, onRenew }: ItemProps) {
  const styles = useStyles();
  const notify = useNotify();
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(CALENDAR_FEED_TEXT.copied);
    } catch {
      // no clipboard access: the address stays selected in its field, to copy by hand
      notify.failure(CALENDAR_FEED_TEXT.copyFailed);
    }
  };
  // A browser hands a webcal:// link to the calendar app itself; the desktop window navigates
  // nowhere, so main does it (electron/external-links.ts lets a feed's webcal:// address through).
  const openInCalendarApp = async (url: string) => {
    try {
      await openExternal(url);
    } catch (error) {
      notify.failure(errorText(error));
    }
  };
  return (
    <li className={styles.item} data-testid="calendar-feed">
      <Switch label={feed.name} checked={feed.on} disabled={busy} onChange={(_, d) => onSwitch(d.checked)} />
      {feed.kind === 'objectives' && <Text size={200} className={styles.hint}>{CALENDAR_FEED_TEXT.objectivesHint}</Text>}
      {busy && <Spinner size="tiny" />}
      {feed.on && address && (
        <>
          <div className={styles.address}>
            <Input className={styles.url} readOnly value={address.url} aria-label={`${feed.name}: address`} onFocus={(e) => e.currentTarget.select()} />
            <Button icon={<CopyRegular />} onClick={() => void copy(address.url)}>{CALENDAR_FEED_TEXT.copy}</Button>
            <Link href={address.webcalUrl} onClick={isDesktop() ? (e) => { e.preventDefault(); void openInCalendarApp(address.webcalUrl); } : undefined}>
              <CalendarAddRegular aria-hidden /> {CALENDAR_FEED_TEXT.open}
            </Link>
          </div>
          <Text size={200} className={styles.hint}>{CALENDAR_FEED_TEXT.shownOnce}</Text>
        </>
      )}
      {feed.on && !address && <Text size={200} className={styles.hint}>{CALENDAR_FEED_TEXT.onWithoutAddress}</Text>}
      {feed.on && (
        <div>
          <Button size="small" icon={<ArrowSyncRegular />} disabled={busy} onClick={onRenew} aria-label={`${CALENDAR_FEED_TEXT.renew}: ${feed.name}`}>
            {CALENDAR_FEED_TEXT.renew}
          </Button>
        </div>
      )}
    </li>
  );
}

/** Settings → Calendar feeds (docs/api.md 'Calendar feeds'): private subscription addresses for one's calendar app. */
export function CalendarFeedsSettings() {
  const styles = useStyles();
  const notify = useNotify();
  const feeds = useCalendarFeeds();
  const issue = useIssueFeedAddress();
  const off = useTurnFeedOff();
  const [addresses, setAddresses] = useState<Record<string, CalendarFeedAddress>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const busy = (feed: string) => (issue.isPending && issue.variables === feed) || (off.isPending && off.variables === feed);

  const turnOn = (feed: string, renewing: boolean) => {
    setFailed(null);
    issue.mutate(feed, {
      onSuccess: (address) => {
        setAddresses((current) => ({ ...current, [feed]: address }));
        if (renewing) notify.success(CALENDAR_FEED_TEXT.renewed);
      },
      onError: (error) => setFailed(`${CALENDAR_FEED_TEXT.changeFailed} ${errorText(error)}`),
    });
  };
  const turnOff = (feed: string) => {
    setFailed(null);
    off.mutate(feed, {
      onSuccess: () => setAddresses(({ [feed]: _gone, ...rest }) => rest),
      onError: (error) => setFailed(`${CALENDAR_FEED_TEXT.changeFailed} ${errorText(error)}`),
    });
  };

  return (
    <SettingsCard id="calendar-feeds" title={CALENDAR_FEED_TEXT.heading} intro={CALENDAR_FEED_TEXT.intro} query={feeds} spacing="medium">
      {failed && <MessageBar intent="error"><MessageBarBody>{failed}</MessageBarBody></MessageBar>}
      {feeds.data && (
        <ul className={styles.list} aria-label={CALENDAR_FEED_TEXT.heading}>
          {feeds.data.feeds.map((feed) => (
            <FeedItem
              key={feed.feed}
              feed={feed}
              address={addresses[feed.feed]}
              busy={busy(feed.feed)}
              onSwitch={(on) => (on ? turnOn(feed.feed, false) : turnOff(feed.feed))}
              onRenew={() => turnOn(feed.feed, true)}
            />
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}
