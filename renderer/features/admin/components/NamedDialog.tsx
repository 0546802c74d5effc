import { useState, type FormEvent } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, makeStyles, MessageBar, MessageBarBody, tokens,
} from '@fluentui/react-components';
import { NAME_MESSAGES } from '../../../../shared/rules/people-messages';
import type { NamedEntity } from '../api/name-taken';
import { generalError, hubFieldErrors } from './field-errors';
import { NameField, nameMessage, useNameClash } from './NameField';

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
  const [values, setValues] = useState<NamedValues>({ name: initial?.name ?? '', technology: initial?.technology ?? '' });
  const [touched, setTouched] = useState(false);
  const [server, setServer] = useState<{ name: string; message: string } | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const clash = useNameClash(entity, values.name, initial?.id);
  const message = nameMessage({ value: values.name, touched, clash, clashMessage: NAME_MESSAGES.teamExists, server });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (values.name.trim() === '' || clash) return;
    try {
      await save({ name: values.name.trim(), technology: values.technology.trim() });
      onClose();
    } catch (error) {
      const fields = hubFieldErrors(error);
      setServer(fields.name ? { name: values.name, message: fields.name } : null);
      setGeneral(generalError(error, ['name']));
    }
  };

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-describedby={undefined}>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.form}>
              {general && <MessageBar intent="error"><MessageBarBody>{general}</MessageBarBody></MessageBar>}
              <NameField value={values.name} message={message} onChange={(name) => { setValues((v) => ({ ...v, name })); setTouched(true); }} />
              {entity === 'team' && (
                <Field label="Technology">
                  <Input value={values.technology} maxLength={100} onChange={(_, d) => setValues((v) => ({ ...v, technology: d.value }))} />
                </Field>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>Cancel</Button>
              <Button appearance="primary" type="submit" disabled={saving}>Save</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
