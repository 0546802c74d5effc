import { useState } from 'react';
import { Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { NAME_MESSAGES } from '../../../../shared/rules/people-messages';
import type { NamedEntity } from '../api/name-taken';
import { FormDialog } from './FormDialog';
import { NameField, useNamedSubmit, useNameInput } from './NameField';

const useStyles = makeStyles({ form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } });

export interface NamedValues {
  name: string;
  technology: string;
}

interface Props {
  entity: Extract<NamedEntity, 'team' | 'job'>;
  title: string;
  /** null: a new one */
  initial: ({ id: number } & NamedValues) | null;
  onClose: () => void;
  save: (values: NamedValues) => Promise<unknown>;
  saving: boolean;
}

/**
 * The add and edit dialogs of the Teams and Roles (jobs) tabs (spec §2). spec §5: jobs use the
 * team rule and message, so both say 'Team name already exists.'.
 */
export function NamedDialog({ entity, title, initial, onClose, save, saving }: Props) {
  const styles = useStyles();
  const name = useNameInput(entity, initial?.name ?? '', initial?.id, NAME_MESSAGES.teamExists);
  const [technology, setTechnology] = useState(initial?.technology ?? '');
  const { submit, general } = useNamedSubmit(name, (trimmed) => save({ name: trimmed, technology: technology.trim() }), onClose);

  return (
    <FormDialog title={title} onClose={onClose} onSubmit={submit} saving={saving} general={general} contentClassName={styles.form}>
      <NameField value={name.value} message={name.message} onChange={name.change} />
      {entity === 'team' && (
        <Field label="Technology">
          <Input value={technology} maxLength={100} onChange={(_, d) => setTechnology(d.value)} />
        </Field>
      )}
    </FormDialog>
  );
}
