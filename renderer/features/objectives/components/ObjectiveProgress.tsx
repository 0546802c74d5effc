import { makeStyles, ProgressBar, Text } from '@fluentui/react-components';
import type { Objective } from '../../../../shared/api/objectives';
import { keyResultsCompletedText, progressTextOf } from '../../../../shared/rules/objective-messages';
import { progressSource } from '../../../../shared/rules/objective-progress';

const useStyles = makeStyles({
  figures: { display: 'flex', flexDirection: 'column' },
});

type ProgressFacts = Pick<Objective, 'progress' | 'status' | 'nextStatus' | 'rollupMode' | 'keyResultsCompleted' | 'keyResultsTotal'>;

/**
 * The hub's progress (shared/rules/objective-progress.ts) as a bar, named by where it comes from
 * (a bare '50 % · 0/1' read as half done; a completed objective reads done), and under it in
 * words how many key results are completed; on the card and the details page.
 */
export function ObjectiveProgress({ objective: o }: { objective: ProgressFacts }) {
  const styles = useStyles();
  const text = progressTextOf(progressSource(o), o.progress);
  return (
    <div>
      <ProgressBar value={o.progress / 100} thickness="large" color="success" aria-label={text} aria-valuetext={`${o.progress}%`} />
      <div className={styles.figures}>
        <Text size={200} data-testid="objective-progress">{text}</Text>
        <Text size={200}>{keyResultsCompletedText(o.keyResultsCompleted, o.keyResultsTotal)}</Text>
      </div>
    </div>
  );
}
