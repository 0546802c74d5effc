import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { pagerOf } from './pagination-pages';

const useStyles = makeStyles({ root: { display: 'flex', alignItems: 'center', justifyContent: 'center', gap: tokens.spacingHorizontalS } });

/** Page numbers around the current one, with previous / next; a bounded total reads "100+". */
export function Pagination({ page, total, totalIsExact, pageSize, onPage }: { page: number; total: number; totalIsExact: boolean; pageSize: number; onPage: (p: number) => void }) {
  const styles = useStyles();
  const pager = pagerOf({ page, total, totalIsExact, pageSize });
  if (!pager.visible) return null;
  return (
    <nav className={styles.root} aria-label="Pagination">
      <Button appearance="subtle" icon={<ChevronLeftRegular />} aria-label="Previous page" disabled={!pager.hasPrevious} onClick={() => onPage(page - 1)} />
      {pager.numbers.map((n) => (
        <Button key={n} appearance={n === page ? 'primary' : 'subtle'} aria-current={n === page ? 'page' : undefined} aria-label={`Page ${n}`} onClick={() => onPage(n)}>
          {n}
        </Button>
      ))}
      <Button appearance="subtle" icon={<ChevronRightRegular />} aria-label="Next page" disabled={!pager.hasNext} onClick={() => onPage(page + 1)} />
      <Text size={200}>{pager.label}</Text>
    </nav>
  );
}
