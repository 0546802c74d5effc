import { useState } from 'react';
import { Checkbox, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ROLE_MESSAGES, type AdminRole } from '../../../../shared/api/roles';
import { Loading } from '../../../lib/components/Loading';
import { useCapabilityGroups } from '../api/roles';
import { FormDialog } from './FormDialog';
import { NameField, useNamedSubmit, useNameInput } from './NameField';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  groups: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(300px, 100%), 1fr))', gap: tokens.spacingVerticalM, alignItems: 'start' },
  group: { display: 'flex', flexDirection: 'column', border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingVerticalS, margin: 0 },
});

interface Props {
  role: AdminRole | null;
  onClose: () => void;
  save: (values: { name: string; capabilities: string[] }) => Promise<unknown>;
  saving: boolean;
}

/**
 * spec §2: roles are edited by checking capability keys grouped by category (sidebar, user info,
 * extra info, others); the groups come from the hub's one list (shared/rules/capabilities.ts).
 * spec §5: 'Name is required.'; saved only if non-blank.
 */
export function RoleDialog({ role, onClose, save, saving }: Props) {
  const styles = useStyles();
  const groups = useCapabilityGroups();
  const name = useNameInput('role', role?.name ?? '', role?.id, ROLE_MESSAGES.nameExists);
  const [caps, setCaps] = useState<string[]>(role?.capabilities ?? []);
  const { submit, general } = useNamedSubmit(name, (trimmed) => save({ name: trimmed, capabilities: caps }), onClose);

  const toggle = (key: string, on: boolean) => setCaps((c) => (on ? [...new Set([...c, key])] : c.filter((k) => k !== key)));

  return (
    <FormDialog title={role ? 'Edit role' : 'New role'} onClose={onClose} onSubmit={submit} saving={saving} general={general} contentClassName={styles.form} maxWidth={760}>
      <NameField value={name.value} message={name.message} onChange={name.change} />
      {groups.isPending && <Loading label="Loading capabilities…" />}
      {groups.isError && <Text role="alert">The capabilities could not be loaded.</Text>}
      <div className={styles.groups}>
        {groups.data?.groups.map((group) => (
          <fieldset key={group.key} className={styles.group}>
            <legend><Text weight="semibold">{group.label}</Text></legend>
            {group.capabilities.map((cap) => (
              <Checkbox key={cap.key} label={cap.label} checked={caps.includes(cap.key)} onChange={(_, d) => toggle(cap.key, d.checked === true)} />
            ))}
          </fieldset>
        ))}
      </div>
    </FormDialog>
  );
}
