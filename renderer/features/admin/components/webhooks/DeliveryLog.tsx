import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import type { WebhookDelivery, WebhookEndpoint } from '../../../../../shared/api/webhooks';
import { formatLastModified } from '../../../../../shared/rules/dates';
import { useResendDelivery, useWebhookDeliveries } from '../../api/webhooks';
import type { AdminColumn } from '../AdminTable';
import { ReadOnlyTable } from '../ReadOnlyTable';
import { deliveryText } from './webhook-labels';

/** An endpoint's delivery log: each attempt's answer and time, with 'Send again'. */
export function DeliveryLog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  const resend = useResendDelivery(endpoint.id);
  const columns: AdminColumn<WebhookDelivery>[] = [
    { header: 'Event', cell: (d) => d.event },
    { header: 'When', cell: (d) => formatLastModified(d.at) },
    { header: 'Result', cell: (d) => deliveryText(d) },
    { header: 'Took', cell: (d) => `${d.durationMs} ms` },
    { header: 'Answer or error', cell: (d) => d.error ?? d.response ?? '' },
    {
      header: 'Actions',
      cell: (d) => d.messageId !== null && d.outcome !== 'retry' && (
        <Button size="small" onClick={() => resend.mutate(d.id)} disabled={resend.isPending} aria-label={`Send again: ${d.event}, ${formatLastModified(d.at)}`}>Send again</Button>
      ),
    },
  ];
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-label={`Deliveries to ${endpoint.url}`} aria-describedby={undefined} style={{ maxWidth: 960 }}>
        <DialogBody>
          <DialogTitle>Deliveries</DialogTitle>
          <DialogContent>
            <ReadOnlyTable label="Deliveries" columns={columns} rows={deliveries.data?.items ?? []} rowKey={(d) => d.id} query={deliveries} emptyText="Nothing has been sent to this endpoint yet." />
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>Close</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
