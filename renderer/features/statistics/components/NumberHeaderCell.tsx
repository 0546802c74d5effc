import type { ReactNode } from 'react';
import { makeStyles, TableHeaderCell } from '@fluentui/react-components';

// The numbers of the statistics tables are right-aligned; their headers sat at the left
// of the column, over nothing. Fluent lays the header's text out in a flex 'button' slot, so that
// slot is what moves to the right.
const useStyles = makeStyles({
  button: { justifyContent: 'flex-end', textAlign: 'right' },
});

/** The header of a column of numbers, aligned with them. */
export function NumberHeaderCell({ children, title }: { children: ReactNode; title?: string }) {
  const s = useStyles();
  return <TableHeaderCell title={title} button={{ className: s.button }}>{children}</TableHeaderCell>;
}
