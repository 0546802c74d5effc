import { Button, Tooltip } from '@fluentui/react-components';
import { ArrowUndoRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useTableStyles } from './admin-table';

/** Edit, delete and restore icon buttons of a table row, each named for its row. */
export function RowActions({ name, onEdit, onDelete, onRestore }: { name: string; onEdit?: () => void; onDelete?: () => void; onRestore?: () => void }) {
  const styles = useTableStyles();
  return (
    <div className={styles.actions}>
      {onEdit && <Tooltip content="Edit" relationship="description"><Button appearance="subtle" icon={<EditRegular />} aria-label={`Edit ${name}`} onClick={onEdit} /></Tooltip>}
      {onDelete && <Tooltip content="Delete" relationship="description"><Button appearance="subtle" icon={<DeleteRegular />} aria-label={`Delete ${name}`} onClick={onDelete} /></Tooltip>}
      {onRestore && <Tooltip content="Restore" relationship="description"><Button appearance="subtle" icon={<ArrowUndoRegular />} aria-label={`Restore ${name}`} onClick={onRestore} /></Tooltip>}
    </div>
  );
}
