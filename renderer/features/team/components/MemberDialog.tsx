import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import {
  Button, Combobox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, Input,
  makeStyles, MessageBar, MessageBarBody, Option, tokens,
} from '@fluentui/react-components';
import { createMemberSchema, updateMemberSchema, type Profile } from '../../../../shared/api/people';
import { mayChangeUserField, type UserField } from '../../../../shared/rules/user-fields';
import { managerChoices } from '../../../../shared/rules/reporting-lines';
import { FALLBACK_TEXT, PEOPLE_TOASTS } from '../../../../shared/rules/people-messages';
import { PresenceBadge } from '../../../lib/components/PresenceBadge';
import { userAtom } from '../../../lib/session/session';
import { useNotify } from '../../../lib/toast';
import { useJobChoices, useTeamChoices, useTeamLeadChoices } from '../api/directory';
import { useCreateMember, useUpdateMember } from '../api/members';
import { hubFieldErrors, zodFieldErrors } from './form-errors';

const useStyles = makeStyles({
  // reflow (WCAG 1.4.10): two columns that may shrink, one in a narrow window
  form: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' }, gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}` },
  wide: { gridColumn: '1 / -1' },
  presence: { marginBottom: tokens.spacingVerticalS },
});

export interface MemberDialogProps {
  mode: 'add' | 'edit';
  open: boolean;
  onClose: () => void;
  /** the member being edited (edit mode) */
  member?: Profile;
  onSaved?: (id: number) => void;
}

interface FormState {
  name: string; username: string; email: string; phone: string; teamIds: number[]; jobId: number | null; teamleadId: number | null; joinDate: string;
}

function initialState(member?: Profile): FormState {
  return {
    name: member?.name ?? '', username: member?.username ?? '', email: member?.email ?? '', phone: member?.phone ?? '',
    teamIds: member?.team.map((t) => t.id) ?? [], jobId: member?.job?.id ?? null, teamleadId: member?.teamleadId ?? null,
    joinDate: member?.joinDate ?? '',
  };
}

/**
 * spec §2 'Member dialog': 'New employee' or 'Edit User Info'. When editing, each field is
 * read-only unless the user-fields rule (the hub's own) lets this person change it:
 * email, direct manager, team, job and join date need edit-all-fields or team-lead permission
 * (spec §5), and nobody renames their own sign-in.
 */
export default function MemberDialog({ mode, open, onClose, member, onSaved }: MemberDialogProps) {
  const styles = useStyles();
  const actor = useAtomValue(userAtom);
  const notify = useNotify();
  const [start] = useState<FormState>(() => initialState(member));
  const [form, setForm] = useState<FormState>(start);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const create = useCreateMember();
  const update = useUpdateMember();
  const teams = useTeamChoices().data?.teams ?? [];
  const jobs = useJobChoices().data?.items ?? [];
  // a person never reports to themselves (the hub also refuses loops further up);
  // their manager now is offered even when not a team lead
  const current = member?.teamleadId != null && member.teamlead?.id === member.teamleadId ? member.teamlead : null;
  const leads = managerChoices(useTeamLeadChoices().data?.items ?? [], member?.id ?? null, current);
  const target = member ? { id: member.id, teamIds: member.team.map((t) => t.id) } : null;
  // whoever may add members sets every field of a new one
  const editable = (field: UserField) => mode === 'add' || (!!actor && !!target && mayChangeUserField(actor, target, field));
  const saving = create.isPending || update.isPending;
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _fixed, ...rest }) => rest); // the message goes once the field is edited
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // an edit sends the optional fields only when the person changed them, so a save
    // never clears what they did not touch (the hub keeps a field that is not sent)
    const touched = (key: 'teamleadId' | 'joinDate') => mode === 'add' || form[key] !== start[key];
    const candidate = {
      name: form.name, email: form.email, phone: form.phone, teamIds: form.teamIds, jobId: form.jobId ?? undefined,
      ...(touched('teamleadId') ? { teamleadId: form.teamleadId } : {}),
      ...(touched('joinDate') ? { joinDate: form.joinDate || (mode === 'add' ? '' : null) } : {}),
      username: form.username || undefined,
    };
    const parsed = (mode === 'add' ? createMemberSchema : updateMemberSchema).safeParse(candidate);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setGeneral(null);
    try {
      const { id } = mode === 'add'
        ? await create.mutateAsync(createMemberSchema.parse(candidate))
        : await update.mutateAsync({ id: member?.id ?? 0, body: parsed.data });
      notify.success(mode === 'add' ? PEOPLE_TOASTS.userAdded : PEOPLE_TOASTS.userUpdated);
      onSaved?.(id);
      onClose();
    } catch (error) {
      const { fields, general: text } = hubFieldErrors(error);
      setErrors(fields);
      setGeneral(text);
    }
  };

  const teamText = teams.filter((t) => form.teamIds.includes(t.id)).map((t) => t.name).join(', ');
  const jobText = jobs.find((j) => j.id === form.jobId)?.name ?? '';
  const leadText = leads.find((l) => l.id === form.teamleadId)?.name ?? FALLBACK_TEXT.notSet;
  const err = (key: string) => (errors[key] ? { validationState: 'error' as const, validationMessage: errors[key] } : {});

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogBody>
            <DialogTitle>{mode === 'add' ? 'New employee' : 'Edit User Info'}</DialogTitle>
            <DialogContent>
              {general && <MessageBar intent="error"><MessageBarBody>{general}</MessageBarBody></MessageBar>}
              {/* editing someone who is out (their manager, say) is worth knowing */}
              {member?.presence && <div className={styles.presence}><PresenceBadge presence={member.presence} /></div>}
              <div className={styles.form}>
                <Field label="Name" required {...err('name')}>
                  <Input value={form.name} disabled={!editable('name')} onChange={(_, d) => set('name', d.value)} />
                </Field>
                <Field label="Phone" required {...err('phone')}>
                  <Input type="tel" value={form.phone} disabled={!editable('phone')} onChange={(_, d) => set('phone', d.value)} />
                </Field>
                <Field label="Email" required {...err('email')}>
                  <Input type="email" value={form.email} disabled={!editable('email')} onChange={(_, d) => set('email', d.value)} />
                </Field>
                <Field label="Username" hint={mode === 'add' ? 'Defaults to the part of the email before @' : undefined} {...err('username')}>
                  <Input value={form.username} disabled={!editable('username')} onChange={(_, d) => set('username', d.value)} />
                </Field>
                <Field label="Team" required {...err('teamIds')}>
                  <Combobox
                    multiselect disabled={!editable('teams')} placeholder="Choose teams" value={teamText} selectedOptions={form.teamIds.map(String)}
                    onOptionSelect={(_, d) => set('teamIds', d.selectedOptions.map(Number))}
                  >
                    {teams.map((t) => <Option key={t.id} value={String(t.id)}>{t.name}</Option>)}
                  </Combobox>
                </Field>
                <Field label="Job" required {...err('jobId')}>
                  <Dropdown
                    disabled={!editable('job')} placeholder="Choose a job" value={jobText} selectedOptions={form.jobId ? [String(form.jobId)] : []}
                    onOptionSelect={(_, d) => set('jobId', d.optionValue ? Number(d.optionValue) : null)}
                  >
                    {jobs.map((j) => <Option key={j.id} value={String(j.id)}>{j.name}</Option>)}
                  </Dropdown>
                </Field>
                <Field label="Direct Manager" {...err('teamleadId')}>
                  <Dropdown
                    disabled={!editable('directManager')} value={leadText} selectedOptions={[String(form.teamleadId ?? '')]}
                    onOptionSelect={(_, d) => set('teamleadId', d.optionValue ? Number(d.optionValue) : null)}
                  >
                    <Option value="">{FALLBACK_TEXT.notSet}</Option>
                    {leads.map((l) => <Option key={l.id} value={String(l.id)}>{l.name}</Option>)}
                  </Dropdown>
                </Field>
                <Field label="Join date" required={mode === 'add'} {...err('joinDate')}>
                  <Input type="date" value={form.joinDate} disabled={!editable('joinDate')} onChange={(_, d) => set('joinDate', d.value)} />
                </Field>
              </div>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>Cancel</Button>
              <Button appearance="primary" type="submit" disabledFocusable={saving}>{saving ? 'Saving…' : 'Save'}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
