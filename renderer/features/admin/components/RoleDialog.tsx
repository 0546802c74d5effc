import { useState, type FormEvent } from 'react';
import {
  Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, MessageBar, MessageBarBody, Text, tokens,
} from '@fluentui/react-components';
import { ROLE_MESSAGES, type AdminRole } from '../../../../shared/api/roles';
import { Loading } from '../../../lib/components/Loading';
import { useCapabilityGroups } from '../api/roles';
import { generalError, hubFieldErrors } from './field-errors';
import { NameField, nameMessage, useNameClash } from './NameField';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  groups: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))', gap: tokens.spacingVerticalM, alignItems: 'start' },
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
  const [name, setName] = useState(role?.name ?? '');
  const [caps, setCaps] = useState<string[]>(role?.capabilities ?? []);
  const [touched, setTouched] = useState(false);
  const [server, setServer] = useState<{ name: string; message: string } | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const clash = useNameClash('role', name, role?.id);
  const message = nameMessage({ value: name, touched, clash, clashMessage: ROLE_MESSAGES.nameExists, server });

  const toggle = (key: string, on: boolean) => setCaps((c) => (on ? [...new Set([...c, key])] : c.filter((k) => k !== key)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (name.trim() === '' || clash) return;
    try {
      await save({ name: name.trim(), capabilities: caps });
      onClose();
    } catch (error) {
      const fields = hubFieldErrors(error);
      setServer(fields.name ? { name, message: fields.name } : null);
      setGeneral(generalError(error, ['name']));
    }
  };

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-describedby={undefined} style={{ maxWidth: 760 }}>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{role ? 'Edit role' : 'New role'}</DialogTitle>
            <DialogContent className={styles.form}>
              {general && <MessageBar intent="error"><MessageBarBody>{general}</MessageBarBody></MessageBar>}
              <NameField value={name} message={message} onChange={(v) => { setName(v); setTouched(true); }} />
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
