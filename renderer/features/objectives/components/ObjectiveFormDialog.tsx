import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Checkbox, Field, Input, makeStyles, Textarea, tokens } from '@fluentui/react-components';
import { objectiveFormSchema, subcategoriesOf, type Objective } from '../../../../shared/api/objectives';
import { CATEGORY_NAMES, PRIORITIES } from '../../../../shared/rules/constants';
import { isoDay } from '../../../../shared/rules/dates';
import { OBJECTIVE_MESSAGES } from '../../../../shared/rules/objective-messages';
import { TEXT_LIMITS } from '../../../../shared/rules/text-limits';
import { FormDialog } from '../../../lib/components/FormDialog';
import { lengthHint } from '../../../lib/components/length-hint';
import { userAtom } from '../../../lib/session/session';
import { useNotify } from '../../../lib/toast';
import { useAssignees, useCreateObjective, useObjectiveChoices, useReloadObjective, useUpdateObjective } from '../api/objectives';
import { Choice } from './Choice';
import { DeadlineField } from './DeadlineField';
import { PriorityChoice } from './PriorityChoice';
import { SaveFailure } from './SaveFailure';

const useStyles = makeStyles({
  // issue 21 reflow: two columns that may shrink, one in a narrow window
  form: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' }, gap: tokens.spacingVerticalM, columnGap: tokens.spacingHorizontalL },
  wide: { gridColumn: '1 / -1' },
});

interface Values {
  title: string;
  teamId: number | null;
  ownerId: number | null;
  description: string;
  category: string;
  subcategory: string;
  priority: string;
  deadline: string;
  isPublic: boolean;
}
type Errors = Partial<Record<keyof Values, string>>;

function initial(o: Objective | null, teamId: number | null, selfId: number | null): Values {
  if (o) {
    return {
      title: o.title, teamId: o.team?.id ?? null, ownerId: o.owner.id, description: o.description, category: o.category,
      subcategory: o.subcategory, priority: o.priority, deadline: o.deadline, isPublic: o.isPublic,
    };
  }
  // §5: deadline defaults to today on create
  return { title: '', teamId, ownerId: selfId, description: '', category: '', subcategory: '', priority: '', deadline: isoDay(), isPublic: false };
}

/** What the shared schema sees: empty choices are missing, so each gets its §5 message. */
const toForm = (v: Values) => ({
  ...v,
  teamId: v.teamId ?? undefined,
  ownerId: v.ownerId ?? undefined,
  category: v.category || undefined,
  priority: v.priority || undefined,
  deadline: v.deadline || undefined,
});

/** spec §5: New/Edit objective with every validation message next to its field. */
export function ObjectiveFormDialog({ open, objective, onClose }: { open: boolean; objective: Objective | null; onClose: () => void }) {
  const styles = useStyles();
  const user = useAtomValue(userAtom);
  const choices = useObjectiveChoices();
  const regular = !!user && !user.isOwner && !user.isTeamsManager && !user.isTeamLead;
  const [values, setValues] = useState<Values>(() => initial(objective, null, regular ? user.id : null));
  const [errors, setErrors] = useState<Errors>({});
  // the objective as this form read it: its lastModificationDate goes with the save (issue 18)
  const [base, setBase] = useState<Objective | null>(objective);
  const create = useCreateObjective();
  const update = useUpdateObjective();
  const reloadObjective = useReloadObjective();
  const notify = useNotify();
  const assignees = useAssignees(values.teamId, open);
  const today = isoDay();

  // Reset once per opening; a later answer of the choices only fills a team still unset.
  // The reset also resets the save mutations (TanStack's store), so it stays an effect, once per opening.
  useEffect(() => {
    if (!open) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- once per opening, with the mutations' reset
    setBase(objective);
    setValues(initial(objective, null, regular && user ? user.id : null));
    setErrors({});
    create.reset();
    update.reset();
    // Once per opening, keyed by the id: a refetch while saving (the save's own invalidation)
    // hands in a new object for the same objective, and resetting then would drop the save's
    // onSuccess (update.reset()) and leave the dialog open. See KeyResultFormDialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [open, objective?.id]);
  const teams = choices.data?.teams;
  // set while rendering: a team once set (here or by the person) is never replaced
  const firstTeam = open && !objective && teams && values.teamId === null ? (teams.find((t) => user?.teamIds.includes(t.id))?.id ?? teams[0]?.id ?? null) : null;
  if (firstTeam !== null) setValues((v) => (v.teamId === null ? { ...v, teamId: firstTeam } : v));

  const set = <K extends keyof Values>(key: K, value: Values[K], clears: Partial<Values> = {}) => {
    setValues((v) => ({ ...v, [key]: value, ...clears }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const subcategories = useMemo(() => subcategoriesOf(values.category), [values.category]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = objectiveFormSchema.safeParse(toForm(values));
    const found: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Values;
        found[key] ??= issue.message;
      }
    }
    const deadlineChanged = !base || base.deadline !== values.deadline;
    if (values.deadline && deadlineChanged && values.deadline < today) found.deadline ??= OBJECTIVE_MESSAGES.deadlinePast;
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    const done = { onSuccess: () => { notify.success(); onClose(); }, onError: () => notify.failure() };
    if (base) update.mutate({ id: base.id, ...parsed.data, lastModificationDate: base.lastModificationDate }, done);
    else create.mutate(parsed.data, done);
  };

  // After a 409: start again from the objective as it stands, the other person's change in view.
  const reload = async () => {
    if (!base) return;
    const fresh = await reloadObjective(base.id);
    setBase(fresh);
    setValues(initial(fresh, null, null));
    setErrors({});
    update.reset();
  };

  const busy = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const assigneeItems = assignees.data?.items ?? (regular && user ? [{ id: user.id, name: user.name }] : []);
  return (
    <FormDialog
      open={open}
      title={objective ? 'Edit objective' : 'New objective'}
      onClose={onClose}
      onSubmit={submit}
      saving={busy}
      contentClassName={styles.form}
      bottom={<SaveFailure error={failure} onReload={reload} />}
    >
      <Field label="Title" required validationMessage={errors.title} hint={lengthHint(values.title, TEXT_LIMITS.title)} className={styles.wide}>
        <Input value={values.title} onChange={(_, d) => set('title', d.value)} maxLength={TEXT_LIMITS.title} />
      </Field>
      <Choice label="Team" required error={errors.teamId} items={choices.data?.teams ?? []} value={values.teamId}
        // §5: changing the team clears the assignee (a regular user stays assigned to self)
        onChange={(id) => set('teamId', id, { ownerId: regular && user ? user.id : null })} />
      <Choice label="Assignee" required error={errors.ownerId} items={assigneeItems} value={values.ownerId}
        disabled={regular} emptyText={OBJECTIVE_MESSAGES.noAssignees} onChange={(id) => set('ownerId', id)} />
      <Field label="Description" required validationMessage={errors.description} className={styles.wide}>
        <Textarea value={values.description} onChange={(_, d) => set('description', d.value)} resize="vertical" maxLength={TEXT_LIMITS.description} />
      </Field>
      <Choice label="Category" required error={errors.category} items={CATEGORY_NAMES.map((c) => ({ id: c, name: c }))} value={values.category || null}
        // §5: changing the category clears the subcategory
        onChange={(c) => set('category', c, { subcategory: '' })} />
      <Choice label="Subcategory" required error={errors.subcategory} items={subcategories.map((s) => ({ id: s, name: s }))}
        value={values.subcategory || null} onChange={(s) => set('subcategory', s)} emptyText="Choose a category first" />
      <PriorityChoice error={errors.priority} value={values.priority} onChange={(p) => set('priority', p)} options={PRIORITIES} />
      {/* issue 25: warns when the assignee is out on the deadline */}
      <DeadlineField value={values.deadline} min={today} error={errors.deadline} assignee={assigneeItems.find((a) => a.id === values.ownerId) ?? null}
        onChange={(deadline) => set('deadline', deadline)} />
      <Checkbox className={styles.wide} label={OBJECTIVE_MESSAGES.publicCheckbox} checked={values.isPublic} onChange={(_, d) => set('isPublic', d.checked === true)} />
    </FormDialog>
  );
}
