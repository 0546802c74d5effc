import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUpRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  button: { position: 'fixed', right: tokens.spacingHorizontalXXL, bottom: tokens.spacingVerticalXXL, zIndex: 10, boxShadow: tokens.shadow16 },
});

/** spec §2: appears after 500 px of scroll (the caller decides when). */
export function GoToTop() {
  const styles = useStyles();
  return (
    <Button
      className={styles.button}
      shape="circular"
      appearance="primary"
      size="large"
      icon={<ArrowUpRegular />}
      aria-label="Go to top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    />
  );
}
