import { useNavigate } from 'react-router-dom';
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { NOT_FOUND_TEXT } from '../../shared/rules/messages';
import { PATHS } from '../lib/paths';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalL, padding: '96px 24px', textAlign: 'center' },
  code: { fontSize: '72px', lineHeight: '72px', fontWeight: tokens.fontWeightBold, color: tokens.colorBrandForeground1 },
});

/** spec §2: unknown paths show 'Page not found'. */
export function NotFound() {
  const styles = useStyles();
  const navigate = useNavigate();
  return (
    <section className={styles.root}>
      <span className={styles.code} aria-hidden>404</span>
      <Text as="h1" size={700} weight="semibold">{NOT_FOUND_TEXT}</Text>
      <Text>The address you opened does not lead to any screen of the hub.</Text>
      <Button appearance="primary" onClick={() => navigate(PATHS.dashboard)}>Go to the dashboard</Button>
    </section>
  );
}
