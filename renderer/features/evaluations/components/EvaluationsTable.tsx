import {
  Button, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens,
} from '@fluentui/react-components';
import { DeleteRegular, EditRegular, EyeRegular } from '@fluentui/react-icons';
import type { Evaluation } from '../../../../shared/api/evaluations';
import { formatLastModified } from '../../../../shared/rules/dates';
import { TableScroll } from '../../../lib/components/TableScroll';

const useStyles = makeStyles({
  // names and titles typed by people wrap inside their cells
  table: { overflowWrap: 'anywhere' },
  conclusion: { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

interface Props {
  items: Evaluation[];
  canWrite: boolean;
  onView: (e: Evaluation) => void;
  onEdit: (e: Evaluation) => void;
  onDelete: (e: Evaluation) => void;
}

/** The employee's evaluations, newest first; edit and delete only for their lead or manager (spec §6). */
export function EvaluationsTable({ items, canWrite, onView, onEdit, onDelete }: Props) {
  const styles = useStyles();
  return (
    <TableScroll label="Evaluations" minWidth={640}>
      <Table aria-label="Evaluations" className={styles.table}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell style={{ width: 160 }}>Date</TableHeaderCell>
            <TableHeaderCell style={{ width: 200 }}>Author</TableHeaderCell>
            <TableHeaderCell>Conclusion</TableHeaderCell>
            <TableHeaderCell style={{ width: canWrite ? 130 : 60 }}>Actions</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((e) => (
            <TableRow key={e.id}>
              <TableCell>{formatLastModified(e.createdAt)}</TableCell>
              <TableCell>{e.author.name}</TableCell>
              <TableCell><Text className={styles.conclusion}>{e.targets}</Text></TableCell>
              <TableCell>
                <div className={styles.actions}>
                  <Button size="small" appearance="subtle" icon={<EyeRegular />} aria-label="View evaluation" title="View" onClick={() => onView(e)} />
                  {canWrite && <Button size="small" appearance="subtle" icon={<EditRegular />} aria-label="Edit evaluation" title="Edit" onClick={() => onEdit(e)} />}
                  {canWrite && <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label="Delete evaluation" title="Delete" onClick={() => onDelete(e)} />}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroll>
  );
}
