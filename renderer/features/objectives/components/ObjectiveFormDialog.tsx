import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { useAtomValue } from 'jotai';
import { Checkbox, Field, Input, makeStyles, Textarea, tokens } from '@fluentui/react-components';
import { levelObjectiveFormSchema, objectiveFormSchema, subcategoriesOf, type Objective, type ObjectiveUpdate } from '../../../../shared/api/objectives';
import { CATEGORY_NAMES, PRIORITIES } from '../../../../shared/rules/constants';
import { isoDay } from '../../../../shared/rules/dates';
import { latestDeadline, objectiveDeadlineProblem } from '../../../../shared/rules/objective-deadline';
import { OBJECTIVE_MESSAGES } from '../../../../shared/rules/objective-messages';
import { TEXT_LIMITS } from '../../../../shared/rules/text-limits';
import { FormDialog } from '../../../lib/components/FormDialog';
import { lengthHint } from '../../../lib/components/length-hint';
import { userAtom } from '../../../lib/session/session';
import { useNotify } from '../../../lib/toast';
import { useAssignees, useCreateObjective, useObjectiveChoices, useReloadObjective, useUpdateObjective } from '../api/objectives';
import { useCreateLevelObjective } from '../api/alignment';
import { LEVEL_LABELS, levelOf, type ObjectiveLevel } from '../../../../shared/rules/objective-levels';
import { useLinkProposals } from '../hooks/use-link-proposals';
import { creatableLevels, levelTeams } from '../level-choices';
import { SupportsPicker, type SupportCandidate } from './SupportsPicker';
import { Choice } from './Choice';
import { DeadlineField } from './DeadlineField';
import { PriorityChoice } from './PriorityChoice';
import { SaveFailure } from './SaveFailure';

const useStyles = makeStyles({
  // reflow (WCAG 1.4.10): two columns that may shrink, one in a narrow window
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

/** An edit sends the form's fields: the level is fixed, and a company objective's missing team stays as it is. */
function editFields(data: z.output<typeof objectiveFormSchema> | z.output<typeof levelObjectiveFormSchema>): Omit<ObjectiveUpdate, 'lastModificationDate'> {
  if (!('level' in data)) return data;
  const { level: _level, teamId, ...fields } = data;
  return teamId == null ? fields : { ...fields, teamId };
}

/** spec §5: New/Edit objective with every validation message next to its field. */
/** `onCreated`: a new objective was saved (the list then shows where it is). */
export function ObjectiveFormDialog({ open, objective, onClose, onCreated }: { open: boolean; objective: Objective | null; onClose: () => void; onCreated?: (id: number) => void }) {
  const styles = useStyles();
  const user = useAtomValue(userAtom);
  const choices = useObjectiveChoices();
  const regular = !!user && !user.isOwner && !user.isTeamsManager && !user.isTeamLead;
  const [values, setValues] = useState<Values>(() => initial(objective, null, regular ? user.id : null));
  const [errors, setErrors] = useState<Errors>({});
  // the objective as this form read it: its lastModificationDate goes with the save (docs/api.md 'Versions and 409')
  const [base, setBase] = useState<Objective | null>(objective);
  const create = useCreateObjective();
  const update = useUpdateObjective();
  const reloadObjective = useReloadObjective();
  const notify = useNotify();
  const assignees = useAssignees(values.teamId, open);
  // the level (chosen on create only) and the objectives it is to support, proposed as links once it is saved
  const [level, setLevel] = useState<ObjectiveLevel>(levelOf(objective?.level));
  const [supports, setSupports] = useState<SupportCandidate[]>([]);
  const [supportsError, setSupportsError] = useState<string | undefined>();
  const [linking, setLinking] = useState(false);
  const createLevel = useCreateLevelObjective();
  const propose = useLinkProposals();
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
    createLevel.reset();
    setLevel(levelOf(objective?.level));
    setSupports([]);
    setSupportsError(undefined);
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
    // a team or company objective is checked by its own schema (a company one has no team)
    const levelled = level !== 'personal';
    const form = toForm(values);
    const parsed = levelled
      ? levelObjectiveFormSchema.safeParse({ ...form, level, teamId: level === 'company' ? null : form.teamId })
      : objectiveFormSchema.safeParse(form);
    const found: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Values;
        found[key] ??= issue.message;
      }
    }
    const deadlineChanged = !base || base.deadline !== values.deadline;
    const deadlineProblem = values.deadline && deadlineChanged ? objectiveDeadlineProblem(values.deadline, today) : null;
    if (deadlineProblem) found.deadline ??= deadlineProblem;
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    const done = { onSuccess: (saved: Objective | { removed: true }) => void linkSaved(saved), onError: () => notify.failure() };
    if (base) update.mutate({ id: base.id, ...editFields(parsed.data), lastModificationDate: base.lastModificationDate }, done);
    else if ('level' in parsed.data) createLevel.mutate(parsed.data, done);
    else create.mutate(parsed.data, done);
  };

  // Saved: each chosen objective becomes a link. What the hub refuses stays in the picker with its
  // message, and the dialog goes on editing the saved objective (a second Save does not create it again).
  const linkSaved = async (saved: Objective | { removed: true }) => {
    if (!base && !('removed' in saved)) onCreated?.(saved.id);
    if ('removed' in saved || supports.length === 0) {
      notify.success();
      onClose();
      return;
    }
    setBase(saved);
    setLinking(true);
    const { left, error } = await propose(saved.id, supports);
    setLinking(false);
    if (left.length === 0) {
      notify.success();
      onClose();
      return;
    }
    notify.failure();
    setSupports(left);
    setSupportsError(`The objective is saved; these links were refused. ${error ?? ''}`);
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

  const busy = create.isPending || update.isPending || createLevel.isPending || linking;
  const failure = create.error ?? update.error ?? createLevel.error;
  const self = user ? [{ id: user.id, name: user.name }] : [];
  // a company objective belongs to no team: its assignee is the owner or admin making it
  const assigneeItems = level === 'company' ? self : (assignees.data?.items ?? (regular ? self : []));
  const levels = user && !objective ? creatableLevels(user, teams ?? []) : [];
  const teamItems = level === 'team' && user && !objective ? levelTeams(user, teams ?? []) : (teams ?? []);
  const chooseLevel = (next: ObjectiveLevel) => {
    setLevel(next);
    setErrors({});
    if (next === 'company' && user) setValues((v) => ({ ...v, ownerId: user.id }));
    // a team objective's team is one the person may make it for (§5: a new team clears the assignee)
    const allowed = next === 'team' && user ? levelTeams(user, teams ?? []) : [];
    if (next === 'team' && !allowed.some((t) => t.id === values.teamId)) setValues((v) => ({ ...v, teamId: allowed[0]?.id ?? null, ownerId: null }));
  };
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
      {/* only the levels this person may create (shared/rules/objective-levels.ts) */}
      {levels.length > 1 && (
        <Choice label="Level" items={levels.map((l) => ({ id: l, name: LEVEL_LABELS[l] }))} value={level} onChange={chooseLevel} className={styles.wide} />
      )}
      {level !== 'company' && (
        <Choice label="Team" required error={errors.teamId} items={teamItems} value={values.teamId}
          // §5: changing the team clears the assignee (a regular user stays assigned to self)
          onChange={(id) => set('teamId', id, { ownerId: regular && user ? user.id : null })} />
      )}
      <Choice label="Assignee" required error={errors.ownerId} items={assigneeItems} value={values.ownerId}
        disabled={regular || level === 'company'} emptyText={OBJECTIVE_MESSAGES.noAssignees} onChange={(id) => set('ownerId', id)} />
      <Field label="Description" required validationMessage={errors.description} className={styles.wide}>
        <Textarea value={values.description} onChange={(_, d) => set('description', d.value)} resize="vertical" maxLength={TEXT_LIMITS.description} />
      </Field>
      <Choice label="Category" required error={errors.category} items={CATEGORY_NAMES.map((c) => ({ id: c, name: c }))} value={values.category || null}
        // §5: changing the category clears the subcategory
        onChange={(c) => set('category', c, { subcategory: '' })} />
      <Choice label="Subcategory" required error={errors.subcategory} items={subcategories.map((s) => ({ id: s, name: s }))}
        value={values.subcategory || null} onChange={(s) => set('subcategory', s)} emptyText="Choose a category first" />
      <PriorityChoice error={errors.priority} value={values.priority} onChange={(p) => set('priority', p)} options={PRIORITIES} />
      {/* who's out: warns when the assignee is out on the deadline */}
      <DeadlineField value={values.deadline} min={today} max={latestDeadline(today)} error={errors.deadline} assignee={assigneeItems.find((a) => a.id === values.ownerId) ?? null}
        onChange={(deadline) => set('deadline', deadline)} />
      {level !== 'company' && (
        <div className={styles.wide}>
          <SupportsPicker objectiveId={base?.id ?? null} level={level} excludeIds={base?.supports.flatMap((r) => (r ? [r.id] : [])) ?? []}
            value={supports} onChange={(v) => { setSupports(v); setSupportsError(undefined); }} error={supportsError} />
        </div>
      )}
      <Checkbox className={styles.wide} label={OBJECTIVE_MESSAGES.publicCheckbox} checked={values.isPublic} onChange={(_, d) => set('isPublic', d.checked === true)} />
    </FormDialog>
  );
}
