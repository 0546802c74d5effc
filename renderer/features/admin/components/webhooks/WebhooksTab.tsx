import { useState, type ReactElement } from 'react';
import { Button, Tooltip } from '@fluentui/react-components';
import { AddRegular, ArrowSyncRegular, DeleteRegular, EditRegular, HistoryRegular, SendRegular } from '@fluentui/react-icons';
import type { WebhookEndpoint, WebhookEndpointBody, WebhookEvent } from '../../../../../shared/api/webhooks';
import { DataTable } from '../../../../lib/components/DataTable';
import { useDeleteWebhook, useRotateSecret, useSaveWebhook, useSendTestEvent, useWebhooks } from '../../api/webhooks';
import type { AdminColumn } from '../AdminTable';
import { useTableStyles } from '../admin-table';
import { ConfirmDelete } from '../ConfirmDelete';
import { DeliveryLog } from './DeliveryLog';
import { SecretDialog } from './SecretDialog';
import { WebhookDialog } from './WebhookDialog';
import { deliveryText, EVENT_LABELS, FORMAT_LABELS } from './webhook-labels';

const COLUMNS: AdminColumn<WebhookEndpoint>[] = [
  { header: 'URL', cell: (e) => <span style={{ overflowWrap: 'anywhere' }}>{e.url}</span> },
  { header: 'Events', cell: (e) => e.events.map((event) => EVENT_LABELS[event as WebhookEvent] ?? event).join(', ') },
  { header: 'Format', cell: (e) => FORMAT_LABELS[e.format] },
  { header: 'Enabled', cell: (e) => (e.enabled ? 'On' : e.disabledReason ? `Off: ${e.disabledReason}` : 'Off') },
  { header: 'Last delivery', cell: (e) => (e.lastDelivery ? deliveryText(e.lastDelivery) : 'None yet') },
];

/** Admin → Webhooks (docs/api.md 'Webhooks'): the endpoints, a test event, each one's delivery log. */
export function WebhooksTab() {
  const styles = useTableStyles();
  const list = useWebhooks();
  const save = useSaveWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateSecret();
  const test = useSendTestEvent();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [log, setLog] = useState<WebhookEndpoint | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);

  const submit = async (body: WebhookEndpointBody) => {
    const saved = await save.mutateAsync({ id: editing === 'new' || editing === null ? null : editing.id, body });
    setEditing(null);
    if (saved.secret) setSecret(saved.secret);
  };
  const action = (label: string, icon: ReactElement, onClick: () => void, disabled = false) => (
    <Tooltip content={label} relationship="label"><Button appearance="subtle" icon={icon} onClick={onClick} disabled={disabled} /></Tooltip>
  );
  const columns: AdminColumn<WebhookEndpoint>[] = [
    ...COLUMNS,
    {
      header: 'Actions', width: 200, align: 'end', stacked: 'actions',
      cell: (e) => (
        <>
          {action(`Send test event to ${e.url}`, <SendRegular />, () => test.mutate(e.id), test.isPending || !e.enabled)}
          {action(`Deliveries to ${e.url}`, <HistoryRegular />, () => setLog(e))}
          {action(`Edit ${e.url}`, <EditRegular />, () => setEditing(e))}
          {action(`New secret for ${e.url}`, <ArrowSyncRegular />, () => rotate.mutate(e.id, { onSuccess: (r) => setSecret(r.secret) }), rotate.isPending)}
          {action(`Remove ${e.url}`, <DeleteRegular />, () => setRemoving(e))}
        </>
      ),
    },
  ];
  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <span />
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')}>Add endpoint</Button>
      </div>
      <DataTable label="Webhook endpoints" columns={[{ stacked: 'title', ...columns[0] }, ...columns.slice(1)]} rows={list.data?.items ?? []} rowKey={(e) => e.id}
        status={{ pending: list.isPending, error: list.error, emptyText: 'No endpoint yet: add one to send the hub\u2019s events to it.', onRetry: () => void list.refetch() }} />
      {editing && <WebhookDialog endpoint={editing === 'new' ? null : editing} onClose={() => setEditing(null)} save={submit} saving={save.isPending} />}
      {secret && <SecretDialog secret={secret} onClose={() => setSecret(null)} />}
      {log && <DeliveryLog endpoint={log} onClose={() => setLog(null)} />}
      <ConfirmDelete open={removing !== null} title="Remove endpoint" text={`Remove ${removing?.url ?? ''}? It is sent nothing more, and its delivery log goes with it.`}
        busy={remove.isPending} error={remove.error} onNo={() => setRemoving(null)} onYes={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })} />
    </div>
  );
}
