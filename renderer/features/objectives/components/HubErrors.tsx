import { useAtomValue } from 'jotai';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { resourceErrorsAtom } from '../../../lib/request-state';

const useStyles = makeStyles({ error: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold } });

/** spec §8: the message of each API error of an objective change, joined with commas, in red. */
export function HubErrors({ resources = ['objective', 'key-result'] }: { resources?: string[] }) {
  const styles = useStyles();
  const errors = useAtomValue(resourceErrorsAtom);
  const messages = resources.flatMap((r) => ['PUT', 'POST', 'DELETE'].flatMap((m) => errors[r]?.[m as 'PUT'] ?? []));
  if (messages.length === 0) return null;
  return <Text role="alert" className={styles.error} data-testid="hub-errors">{messages.join(', ')}</Text>;
}
