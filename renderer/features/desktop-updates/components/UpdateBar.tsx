import { useState } from 'react';
import { Button, makeStyles, shorthands, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowSyncCircleRegular } from '@fluentui/react-icons';
import { LiveRegion, useChangeAnnouncement } from '../../../lib/live/LiveRegion';
import { restartToUpdate, useUpdateNotice } from '../api/update-notice';
import { RESTART_TO_UPDATE, updateText } from '../update-text';

const useStyles = makeStyles({
  // A quiet bar at the foot of the window, over nothing that matters and never a modal: the person
  // restarts when it suits them (an update never interrupts work).
  bar: {
    position: 'fixed', bottom: tokens.spacingVerticalL, left: '50%', transform: 'translateX(-50%)', zIndex: 1000,
    width: 'max-content', maxWidth: `calc(100vw - 2 * ${tokens.spacingHorizontalM})`, boxSizing: 'border-box',
    display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1, color: tokens.colorNeutralForeground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow16,
  },
  required: { ...shorthands.borderColor(tokens.colorPaletteMarigoldBorder2) },
  text: { minWidth: 0, flex: '1 1 12em' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/** 'Update 1.3.0 is ready' with 'Restart to update'; desktop only (App mounts it there). */
export default function UpdateBar() {
  const styles = useStyles();
  const notice = useUpdateNotice();
  const [laterFor, setLaterFor] = useState<string | null>(null);
  const text = notice ? updateText(notice) : '';
  // said once when it appears or changes (screen readers hear it without a click)
  const said = useChangeAnnouncement(text, (next) => next);
  // 'Later' hides an ordinary update until a newer one (it still goes in when the app quits); a required one stays
  const hidden = !notice || (laterFor === notice.version && !notice.required);
  return (
    <>
      <LiveRegion announcement={said} testId="update-announcer" />
      {!hidden && (
        <section aria-label="App update" className={`${styles.bar} ${notice.required ? styles.required : ''}`} data-testid="update-bar">
          {notice.installing ? <Spinner size="tiny" aria-hidden /> : <ArrowSyncCircleRegular aria-hidden fontSize={20} />}
          <Text className={styles.text}>{text}</Text>
          {!notice.installing && (
            <div className={styles.actions}>
              <Button appearance="primary" size="small" onClick={restartToUpdate}>{RESTART_TO_UPDATE}</Button>
              {!notice.required && <Button appearance="subtle" size="small" onClick={() => setLaterFor(notice.version)}>Later</Button>}
            </div>
          )}
        </section>
      )}
    </>
  );
}
