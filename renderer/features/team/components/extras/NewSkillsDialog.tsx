import { useState, type FormEvent } from 'react';
import { Field, Textarea } from '@fluentui/react-components';
import type { Ref } from '../../../../../shared/api/common';
import { errorText } from '../../../../lib/api';
import { FormDialog } from '../../../../lib/components/FormDialog';
import { useCreateSkills } from '../../api/extras';

/** spec §2: the 'New skills' sub-dialog creates skills (a list of names) and hands them back. */
export function NewSkillsDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (skills: Ref[]) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateSkills();
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const names = text.split(/[\n,]/).map((n) => n.trim()).filter(Boolean);
    if (names.length === 0) {
      setError('Name is required.');
      return;
    }
    try {
      const { skills } = await create.mutateAsync(names);
      onCreated(skills);
      onClose();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <FormDialog title="New skills" onClose={onClose} onSubmit={(event) => void save(event)} saving={create.isPending} submitLabel="Add skills">
      <Field label="Skills (comma or one per line)" validationState={error ? 'error' : undefined} validationMessage={error}>
        <Textarea value={text} onChange={(_, d) => setText(d.value)} />
      </Field>
    </FormDialog>
  );
}
