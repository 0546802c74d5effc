import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import type { ApiToken } from '../../../../shared/api/api-tokens';
import { errorText } from '../../../lib/api';
import { useNotify } from '../../../lib/toast';
import { useRevokeApiToken } from '../api/api-tokens';

/** A row's Revoke, which asks first: whatever uses the token stops working at once. */
export function RevokeApiToken({ token, as, owner }: { token: ApiToken; as: 'own' | 'admin'; owner?: string }) {
  const notify = useNotify();
  const revoke = useRevokeApiToken(as);
  const [asking, setAsking] = useState(false);
  const whose = owner ? `${owner}’s token “${token.name}”` : `the token “${token.name}”`;
  const confirm = () =>
    revoke.mutate(token.id, {
      onSuccess: () => {
        setAsking(false);
        notify.success('Token revoked');
      },
      onError: (error) => notify.failure(errorText(error)),
    });
  return (
    <>
      <Button size="small" icon={<DeleteRegular />} onClick={() => setAsking(true)} aria-label={`Revoke ${whose}`}>Revoke</Button>
      <Dialog open={asking} modalType="alert" onOpenChange={(_, d) => !d.open && setAsking(false)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Revoke this token?</DialogTitle>
            <DialogContent>Anything using {whose} stops working at once. This cannot be undone.</DialogContent>
            <DialogActions>
              <Button onClick={() => setAsking(false)}>Cancel</Button>
              <Button appearance="primary" disabledFocusable={revoke.isPending} icon={revoke.isPending ? <Spinner size="tiny" /> : undefined} onClick={confirm}>
                Revoke
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
