import { useState } from 'react';
import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { errorText } from '../../../lib/api';
import { isStale } from '../api/objectives';

const useStyles = makeStyles({
  row: { gridColumn: '1 / -1', display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * Why a save failed, in red under the form (spec §8: the hub's messages). When the hub answered
 * that someone else changed it meanwhile, 'Reload' fetches it as it stands so the person can apply
 * their change again on top.
 */
export function SaveFailure({ error, onReload }: { error: unknown; onReload: () => Promise<void> }) {
  const styles = useStyles();
  const [reloading, setReloading] = useState(false);
  const [reloadError, setReloadError] = useState<unknown>(null);
  if (!error && !reloadError) return null;
  const reload = async () => {
    setReloading(true);
    setReloadError(null);
    try {
      await onReload();
    } catch (failure) {
      setReloadError(failure);
    } finally {
      setReloading(false);
    }
  };
  return (
    <div className={styles.row}>
      <Text role="alert" className={styles.error}>{errorText(reloadError ?? error)}</Text>
      {(isStale(error) || reloadError !== null) && (
        <Button size="small" icon={reloading ? <Spinner size="tiny" /> : <ArrowClockwiseRegular />} disabled={reloading} onClick={() => void reload()}>
          Reload
        </Button>
      )}
    </div>
  );
}
