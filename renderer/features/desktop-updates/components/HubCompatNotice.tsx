import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { ErrorCircleRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  notice: {
    display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-start', padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorPaletteRedBackground1, border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteRedBorder1}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  icon: { flexShrink: 0, color: tokens.colorPaletteRedForeground1, fontSize: '24px' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0, overflowWrap: 'anywhere' },
  title: { margin: 0 },
});

/** In place of sign-in when the app and its hub do not fit together; says why and what to do. */
export default function HubCompatNotice({ title, message }: { title: string; message: string }) {
  const styles = useStyles();
  return (
    <div role="alert" className={styles.notice} data-testid="hub-compat-notice">
      <ErrorCircleRegular className={styles.icon} aria-hidden />
      <div className={styles.body}>
        <Text as="h2" weight="semibold" size={400} className={styles.title}>{title}</Text>
        <Text>{message}</Text>
      </div>
    </div>
  );
}
