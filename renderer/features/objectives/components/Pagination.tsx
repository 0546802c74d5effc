import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({ root: { display: 'flex', alignItems: 'center', justifyContent: 'center', gap: tokens.spacingHorizontalS } });

/** Page numbers around the current one, with previous / next. */
export function Pagination({ page, total, pageSize, onPage }: { page: number; total: number; pageSize: number; onPage: (p: number) => void }) {
  const styles = useStyles();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const from = Math.max(1, Math.min(page - 2, pages - 4));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => from + i);
  return (
    <nav className={styles.root} aria-label="Pagination">
      <Button appearance="subtle" icon={<ChevronLeftRegular />} aria-label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)} />
      {numbers.map((n) => (
        <Button key={n} appearance={n === page ? 'primary' : 'subtle'} aria-current={n === page ? 'page' : undefined} aria-label={`Page ${n}`} onClick={() => onPage(n)}>
          {n}
        </Button>
      ))}
      <Button appearance="subtle" icon={<ChevronRightRegular />} aria-label="Next page" disabled={page >= pages} onClick={() => onPage(page + 1)} />
      <Text size={200}>{total} objectives</Text>
    </nav>
  );
}
