import { Button, Dropdown, makeStyles, Option, Text, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { TABLE_PAGE_SIZES } from '../../../../shared/rules/constants';
import type { PageSize } from '../hooks/use-paged';

const useStyles = makeStyles({
  // in a narrow window the range and the arrows go under the page size rather than squeeze it
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: tokens.spacingHorizontalM, padding: `${tokens.spacingVerticalS} 0` },
  size: { minWidth: '80px' },
});

interface Props {
  total: number;
  page: number;
  size: PageSize;
  onPage: (page: number) => void;
  onSize: (size: PageSize) => void;
  label: string;
}

/** spec §2/§9: rows per page 5, 10 or 15, and the range shown. */
export function Paginator({ total, page, size, onPage, onSize, label }: Props) {
  const styles = useStyles();
  const first = total === 0 ? 0 : (page - 1) * size + 1;
  const last = Math.min(total, page * size);
  return (
    <nav className={styles.root} aria-label={`${label} pages`}>
      <Text id={`${label}-rows-label`}>Rows per page</Text>
      <Dropdown
        className={styles.size}
        aria-labelledby={`${label}-rows-label`}
        value={String(size)}
        selectedOptions={[String(size)]}
        onOptionSelect={(_, d) => onSize(Number(d.optionValue) as PageSize)}
      >
        {TABLE_PAGE_SIZES.map((s) => <Option key={s} value={String(s)}>{String(s)}</Option>)}
      </Dropdown>
      <Text data-testid="page-range">{first}–{last} of {total}</Text>
      <Button appearance="subtle" icon={<ChevronLeftRegular />} aria-label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)} />
      <Button appearance="subtle" icon={<ChevronRightRegular />} aria-label="Next page" disabled={last >= total} onClick={() => onPage(page + 1)} />
    </nav>
  );
}
