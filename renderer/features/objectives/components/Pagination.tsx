import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { pagerOf } from './pagination-pages';

// Every page button the same size (the current one told apart by its look and
// aria-current, not by a wider button), Previous and Next named in words as on the plans table,
// and an ellipsis when pages run on past the numbers shown.
const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  page: { minWidth: '36px', width: '36px', paddingLeft: 0, paddingRight: 0 },
  more: { minWidth: '24px', textAlign: 'center', color: tokens.colorNeutralForeground3 },
  count: { marginLeft: tokens.spacingHorizontalS },
});

/** Page numbers around the current one, with previous / next; a bounded total reads "100+". */
export function Pagination({ page, total, totalIsExact, pageSize, onPage }: { page: number; total: number; totalIsExact: boolean; pageSize: number; onPage: (p: number) => void }) {
  const styles = useStyles();
  const pager = pagerOf({ page, total, totalIsExact, pageSize });
  if (!pager.visible) return null;
  return (
    <nav className={styles.root} aria-label="Pagination">
      <Button appearance="subtle" icon={<ChevronLeftRegular />} aria-label="Previous page" disabled={!pager.hasPrevious} onClick={() => onPage(page - 1)}>Previous</Button>
      {pager.numbers.map((n) => (
        <Button
          key={n}
          className={styles.page}
          appearance={n === page ? 'primary' : 'subtle'}
          aria-current={n === page ? 'page' : undefined}
          aria-label={`Page ${n}`}
          onClick={() => onPage(n)}
        >
          {n}
        </Button>
      ))}
      {pager.more && <Text className={styles.more} aria-hidden>…</Text>}
      <Button appearance="subtle" icon={<ChevronRightRegular />} iconPosition="after" aria-label="Next page" disabled={!pager.hasNext} onClick={() => onPage(page + 1)}>Next</Button>
      <Text size={200} className={styles.count}>{pager.label}</Text>
    </nav>
  );
}
