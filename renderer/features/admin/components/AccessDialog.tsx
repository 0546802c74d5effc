import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, MessageBar, MessageBarBody, Option } from '@fluentui/react-components';
import type { AdminUserRow } from '../../../../shared/api/admin';
import { accessLabel } from '../../../../shared/rules/permissions';
import { errorText } from '../../../lib/api';
import { useRoles } from '../api/roles';
import { useSetUserRole } from '../api/users';

/** Gives a member another role (spec §2 Access column; §7 editUser carries the role id). */
export function AccessDialog({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const roles = (useRoles().data?.roles ?? []).filter((r) => r.status === 'active');
  const [roleId, setRoleId] = useState<number | null>(user.role?.id ?? null);
  const setRole = useSetUserRole();
  const chosen = roles.find((r) => r.id === roleId);
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{`Access of ${user.name}`}</DialogTitle>
          <DialogContent>
            {setRole.error ? <MessageBar intent="error"><MessageBarBody>{errorText(setRole.error)}</MessageBarBody></MessageBar> : null}
            <Field label="Role" hint={chosen ? `Access: ${accessLabel(chosen.capabilities)}` : undefined}>
              <Dropdown
                value={chosen?.name ?? ''}
                selectedOptions={roleId ? [String(roleId)] : []}
                onOptionSelect={(_, d) => setRoleId(Number(d.optionValue))}
                placeholder="Choose a role"
              >
                {roles.map((r) => <Option key={r.id} value={String(r.id)}>{r.name}</Option>)}
              </Dropdown>
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button
              appearance="primary"
              disabled={!roleId || roleId === user.role?.id || setRole.isPending}
              onClick={() => roleId && setRole.mutate({ userId: user.id, roleId }, { onSuccess: onClose })}
            >
              Save
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
