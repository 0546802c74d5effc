import { useEffect, useState, type FormEvent } from 'react';
import { Field, Input, makeStyles, Text, Textarea, tokens } from '@fluentui/react-components';
import { keyResultCreateSchema } from '../../../../shared/api/key-results';
import type { KeyResult } from '../../../../shared/api/objectives';
import { PRIORITIES } from '../../../../shared/rules/constants';
import { isoDay } from '../../../../shared/rules/dates';
import { isKeyResultDeadlineLocked, keyResultDeadlineError } from '../../../../shared/rules/key-result-rules';
import { TEXT_LIMITS } from '../../../../shared/rules/text-limits';
import { FormDialog } from '../../../lib/components/FormDialog';
import { lengthHint } from '../../../lib/components/length-hint';
import { useNotify } from '../../../lib/toast';
import { useCreateKeyResult, useReloadKeyResult, useUpdateKeyResult } from '../api/key-results';
import { PriorityChoice } from './PriorityChoice';
import { SaveFailure } from './SaveFailure';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // the objective's title may be one long word
  quoted: { overflowWrap: 'anywhere' },
});

interface Values { title: string; description: string; priority: string; deadline: string }
const valuesOf = (k: KeyResult): Values => ({ title: k.title, description: k.description, priority: k.priority, deadline: k.deadline });
type Errors = Partial<Record<keyof Values, string>>;

/** The objective a key result belongs to, as far as the form needs it. */
export interface KeyResultParent { id: number; title: string; priority: string; deadline: string }

/**
 * spec §5: New Key Result (priority defaults to the objective's) or edit; the deadline lies
 * between today and the objective deadline, and is disabled once that deadline has passed.
 */
export function KeyResultFormDialog({ objective, keyResult, onClose }: { objective: KeyResultParent | null; keyResult: KeyResult | null; onClose: () => void }) {
  const styles = useStyles();
  const create = useCreateKeyResult();
  const update = useUpdateKeyResult();
  const reloadKeyResult = useReloadKeyResult();
  const notify = useNotify();
  const [values, setValues] = useState<Values>({ title: '', description: '', priority: '', deadline: '' });
  // the key result as this form read it: its lastModificationDate goes with the save (docs/api.md 'Versions and 409')
  const [base, setBase] = useState<KeyResult | null>(keyResult);
  const [errors, setErrors] = useState<Errors>({});
  const locked = objective ? isKeyResultDeadlineLocked(objective.deadline) : false;
  const today = isoDay();

  // Reset once per opening, keyed by ids rather than the objects: saving invalidates the objective
  // queries and the hook's onSuccess waits for all of them to refetch; the details refetch hands
  // in a new object for the same objective meanwhile, and resetting then cleared the form and
  // dropped the pending save's own onSuccess (create.reset()), so the dialog never closed.
  const opening = objective ? `${objective.id}:${keyResult?.id ?? 'new'}` : null;
  useEffect(() => {
    if (!objective) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- once per opening, with the mutations' reset
    setErrors({});
    create.reset();
    update.reset();
    setBase(keyResult);
    if (keyResult) setValues(valuesOf(keyResult));
    else setValues({ title: '', description: '', priority: objective.priority, deadline: isKeyResultDeadlineLocked(objective.deadline) ? objective.deadline : '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset once per opening
  }, [opening]);

  const set = (key: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!objective) return;
    const parsed = keyResultCreateSchema.safeParse({ ...values, priority: values.priority || undefined });
    const found: Errors = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as keyof Values] ??= issue.message;
    if (values.deadline && (!base || base.deadline !== values.deadline)) {
      const deadlineError = keyResultDeadlineError(values.deadline, objective.deadline);
      if (deadlineError) found.deadline ??= deadlineError;
    }
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    const done = { onSuccess: () => { notify.success(); onClose(); }, onError: () => notify.failure() };
    if (base) update.mutate({ id: base.id, ...parsed.data, lastModificationDate: base.lastModificationDate }, done);
    else create.mutate({ objectiveId: objective.id, ...parsed.data }, done);
  };

  // After a 409: start again from the key result as it stands, the other person's change in view.
  const reload = async () => {
    if (!base) return;
    const fresh = await reloadKeyResult(base.id);
    setBase(fresh);
    setValues(valuesOf(fresh));
    setErrors({});
    update.reset();
  };

  const busy = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const title = keyResult ? 'Edit Key Result' : 'New Key Result';
  return (
    <FormDialog
      open={objective !== null}
      title={title}
      onClose={onClose}
      onSubmit={submit}
      saving={busy}
      contentClassName={styles.form}
      bottom={<SaveFailure error={failure} onReload={reload} />}
    >
      {objective && <Text className={styles.quoted}>Objective: <strong>{objective.title}</strong> (deadline {objective.deadline})</Text>}
      <Field label="Title" required validationMessage={errors.title} hint={lengthHint(values.title, TEXT_LIMITS.title)}>
        <Input value={values.title} onChange={(_, d) => set('title', d.value)} maxLength={TEXT_LIMITS.title} />
      </Field>
      <Field label="Description" required validationMessage={errors.description}>
        <Textarea value={values.description} onChange={(_, d) => set('description', d.value)} resize="vertical" maxLength={TEXT_LIMITS.description} />
      </Field>
      <PriorityChoice value={values.priority} error={errors.priority} onChange={(p) => set('priority', p)} options={PRIORITIES} />
      <Field label="Deadline" required validationMessage={errors.deadline} hint={locked ? 'The objective deadline has passed.' : undefined}>
        <Input type="date" min={today} max={objective?.deadline} disabled={locked} value={values.deadline} onChange={(_, d) => set('deadline', d.value)} />
      </Field>
    </FormDialog>
  );
}
