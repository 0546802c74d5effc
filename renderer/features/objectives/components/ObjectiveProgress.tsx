import { makeStyles, ProgressBar, Text } from '@fluentui/react-components';
import { keyResultsCompletedText, progressText, rolledUpProgressText } from '../../../../shared/rules/objective-messages';

const useStyles = makeStyles({
  figures: { display: 'flex', flexDirection: 'column' },
});

/**
 * The bar of progress from the key results' check-ins and, under it in words, how many key results
 * are completed (issue 21: a bare '50 % · 0/1' read as half done); on the card and the details page.
 */
export function ObjectiveProgress({ progress, completed, total, rollupMode }: { progress: number; completed: number; total: number; rollupMode?: string }) {
  const styles = useStyles();
  // issue 24: a parent may roll its progress up from what supports it instead of its key results
  const text = rollupMode === 'children' ? rolledUpProgressText(progress) : progressText(progress);
  return (
    <div>
      <ProgressBar value={progress / 100} thickness="large" color="success" aria-label={text} aria-valuetext={`${progress}%`} />
      <div className={styles.figures}>
        <Text size={200}>{text}</Text>
        <Text size={200}>{keyResultsCompletedText(completed, total)}</Text>
      </div>
    </div>
  );
}
