import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS, color: 'inherit', textDecorationLine: 'none' },
  // reflow (WCAG 1.4.10): a narrow window keeps the mark only; the header's link is named without the word
  word: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, letterSpacing: '0.02em', whiteSpace: 'nowrap', '@media (max-width: 640px)': { display: 'none' } },
});

/** The Bitstone mark: three stacked stones, drawn inline so it needs no asset request. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      {/* outlined in the header's text colour: in high contrast the header itself is white */}
      <rect x="2" y="2" width="28" height="28" rx="7" fill="#ffffff" stroke="currentColor" strokeWidth="1.5" />
      <rect x="8" y="7" width="16" height="5" rx="2.5" fill="#004C7C" />
      <rect x="6" y="14" width="20" height="5" rx="2.5" fill="#2B7FB3" />
      <rect x="9" y="21" width="14" height="5" rx="2.5" fill="#004C7C" />
    </svg>
  );
}

export function LogoWord() {
  const styles = useStyles();
  return (
    <span className={styles.root}>
      <LogoMark />
      <span className={styles.word}>Bitstone Hub</span>
    </span>
  );
}
