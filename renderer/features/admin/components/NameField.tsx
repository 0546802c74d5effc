import { useState, type FormEvent } from 'react';
import { Field, Input } from '@fluentui/react-components';
import { NAME_MESSAGES } from '../../../../shared/rules/people-messages';
import { useNameTaken, type NamedEntity } from '../api/name-taken';
import { useDebounced } from '../../../lib/use-debounced';
import { generalError, hubFieldErrors } from '../../../lib/field-errors';

/**
 * spec §5: the name is checked against existing names as it is typed. The clash is asked of the
 * hub (any letter case) once typing pauses; the hub asks again on save.
 */
export function useNameClash(entity: NamedEntity, value: string, exceptId?: number): boolean {
  const settled = useDebounced(value);
  const taken = useNameTaken(entity, settled, exceptId);
  return settled === value && value.trim() !== '' && !!taken.data?.taken;
}

export interface NameProblem {
  value: string;
  /** typed in or tried to save: a blank name is reported */
  touched: boolean;
  clash: boolean;
  clashMessage: string;
  /** the hub's answer on save, and the name it was about */
  server?: { name: string; message: string } | null;
}

export function nameMessage(p: NameProblem): string | undefined {
  if (p.value.trim() === '') return p.touched ? NAME_MESSAGES.required : undefined;
  if (p.clash) return p.clashMessage;
  if (p.server && p.server.name === p.value) return p.server.message;
  return undefined;
}

/**
 * The Name of a dialog that saves a named thing: what is typed, the live clash and, after a save
 * the hub refused, its message for as long as the same name stands.
 */
export function useNameInput(entity: NamedEntity, initial: string, exceptId: number | undefined, clashMessage: string) {
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [server, setServer] = useState<{ name: string; message: string } | null>(null);
  const clash = useNameClash(entity, value, exceptId);
  return {
    value,
    message: nameMessage({ value, touched, clash, clashMessage, server }),
    change: (next: string) => {
      setValue(next);
      setTouched(true);
    },
    /** On save: a blank name is reported from now on; false while the name may not be saved. */
    ready: () => {
      setTouched(true);
      return value.trim() !== '' && !clash;
    },
    /** The hub's field messages of a refused save. */
    refused: (fields: Record<string, string>) => setServer(fields.name ? { name: value, message: fields.name } : null),
  };
}

/**
 * The Save of a dialog with a checked Name: nothing is sent while the name is blank or taken; the
 * hub's refusal goes by the name, or above the form (`general`) when it is about nothing shown.
 */
export function useNamedSubmit(name: ReturnType<typeof useNameInput>, save: (name: string) => Promise<unknown>, onClose: () => void) {
  const [general, setGeneral] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.ready()) return;
    try {
      await save(name.value.trim());
      onClose();
    } catch (error) {
      name.refused(hubFieldErrors(error));
      setGeneral(generalError(error, ['name']));
    }
  };
  return { submit, general };
}

export function NameField({ value, onChange, message }: { value: string; onChange: (value: string) => void; message?: string }) {
  return (
    <Field label="Name" required validationMessage={message} validationState={message ? 'error' : 'none'}>
      <Input value={value} onChange={(_, d) => onChange(d.value)} maxLength={100} />
    </Field>
  );
}
