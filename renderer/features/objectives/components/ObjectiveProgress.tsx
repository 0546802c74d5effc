import { makeStyles, ProgressBar, Text } from '@fluentui/react-components';
import { keyResultsCompletedText, progressText } from '../../../../shared/rules/objective-messages';

const useStyles = makeStyles({
  figures: { display: 'flex', flexDirection: 'column' },
});

/**
 * The bar of progress from the key results' check-ins and, under it in words, how many key results
 * are completed (issue 21: a bare '50 % · 0/1' read as half done); on the card and the details page.
 */
export function ObjectiveProgress({ progress, completed, total }: { progress: number; completed: number; total: number }) {
  const styles = useStyles();
  return (
    <div>
      <ProgressBar value={progress / 100} thickness="large" color="success" aria-label={progressText(progress)} aria-valuetext={`${progress}%`} />
      <div className={styles.figures}>
        <Text size={200}>{progressText(progress)}</Text>
        <Text size={200}>{keyResultsCompletedText(completed, total)}</Text>
      </div>
    </div>
  );
}
