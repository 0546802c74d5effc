import { useState, type FormEvent } from 'react';
import { Checkbox, Combobox, Field, MessageBar, MessageBarBody, Option } from '@fluentui/react-components';
import type { Profile } from '../../../../shared/api/people';
import { PEOPLE_TOASTS } from '../../../../shared/rules/people-messages';
import { errorText } from '../../../lib/api';
import { FormDialog } from '../../../lib/components/FormDialog';
import { useNotify } from '../../../lib/toast';
import { useTeamChoices } from '../api/directory';
import { useSetMemberTeams } from '../api/members';

/** spec §6: owners edit a user's teams and line-manager flag (POST /user/teams); spec §8: errors shown as the hub words them. */
export default function TeamsDialog({ member, onClose }: { member: Profile; onClose: () => void }) {
  const teams = useTeamChoices().data?.teams ?? [];
  const [selected, setSelected] = useState<number[]>(member.team.map((t) => t.id));
  const [lineManager, setLineManager] = useState(member.isTeamLead);
  const [error, setError] = useState<string | null>(null);
  const save = useSetMemberTeams();
  const notify = useNotify();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync({ userId: member.id, teams: selected, isLineManager: lineManager });
      notify.success(PEOPLE_TOASTS.userUpdated);
      onClose();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <FormDialog
      title={`Teams of ${member.name}`}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      saving={save.isPending}
      top={error && <MessageBar intent="error"><MessageBarBody>{error}</MessageBarBody></MessageBar>}
    >
      <Field label="Teams">
        <Combobox multiselect placeholder="Choose teams" value={teams.filter((t) => selected.includes(t.id)).map((t) => t.name).join(', ')}
          selectedOptions={selected.map(String)} onOptionSelect={(_, d) => setSelected(d.selectedOptions.map(Number))}>
          {teams.map((t) => <Option key={t.id} value={String(t.id)}>{t.name}</Option>)}
        </Combobox>
      </Field>
      <Checkbox label="Line manager of these teams" checked={lineManager} onChange={(_, d) => setLineManager(d.checked === true)} />
    </FormDialog>
  );
}
