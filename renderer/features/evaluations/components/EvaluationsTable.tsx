import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { DeleteRegular, EditRegular, EyeRegular } from '@fluentui/react-icons';
import type { Evaluation } from '../../../../shared/api/evaluations';
import { formatLastModified } from '../../../../shared/rules/dates';
import { DataTable } from '../../../lib/components/DataTable';

const useStyles = makeStyles({
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
    <DataTable
      label="Evaluations"
      size="medium"
      rows={items}
      rowKey={(e) => e.id}
      columns={[
        { header: 'Date', width: 160, stacked: 'title', cell: (e) => formatLastModified(e.createdAt) },
        { header: 'Author', width: 200, cell: (e) => e.author.name },
        { header: 'Conclusion', minWidth: 200, stacked: 'wide', cell: (e) => <Text className={styles.conclusion}>{e.targets}</Text> },
        {
          header: 'Actions',
          width: canWrite ? 130 : 60,
          stacked: 'actions',
          cell: (e) => (
            <div className={styles.actions}>
              <Button size="small" appearance="subtle" icon={<EyeRegular />} aria-label="View evaluation" title="View" onClick={() => onView(e)} />
              {canWrite && <Button size="small" appearance="subtle" icon={<EditRegular />} aria-label="Edit evaluation" title="Edit" onClick={() => onEdit(e)} />}
              {canWrite && <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label="Delete evaluation" title="Delete" onClick={() => onDelete(e)} />}
            </div>
          ),
        },
      ]}
    />
  );
}
