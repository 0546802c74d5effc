import { useState } from 'react';
import {
  Button, Checkbox, Combobox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, MessageBar, MessageBarBody, Option,
} from '@fluentui/react-components';
import type { Profile } from '../../../../shared/api/people';
import { PEOPLE_TOASTS } from '../../../../shared/rules/people-messages';
import { errorText } from '../../../lib/api';
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
  const submit = async () => {
    try {
      await save.mutateAsync({ userId: member.id, teams: selected, isLineManager: lineManager });
      notify.success(PEOPLE_TOASTS.userUpdated);
      onClose();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{`Teams of ${member.name}`}</DialogTitle>
          <DialogContent>
            {error && <MessageBar intent="error"><MessageBarBody>{error}</MessageBarBody></MessageBar>}
            <Field label="Teams">
              <Combobox multiselect placeholder="Choose teams" value={teams.filter((t) => selected.includes(t.id)).map((t) => t.name).join(', ')}
                selectedOptions={selected.map(String)} onOptionSelect={(_, d) => setSelected(d.selectedOptions.map(Number))}>
                {teams.map((t) => <Option key={t.id} value={String(t.id)}>{t.name}</Option>)}
              </Combobox>
            </Field>
            <Checkbox label="Line manager of these teams" checked={lineManager} onChange={(_, d) => setLineManager(d.checked === true)} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button appearance="primary" disabled={save.isPending} onClick={() => void submit()}>Save</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
