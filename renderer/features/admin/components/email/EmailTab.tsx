import { Button, makeStyles, mergeClasses, MessageBar, MessageBarActions, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import type { EmailSettings, OutboxMessage } from '../../../../../shared/api/email';
import { EMAIL_TEXT } from '../../../../../shared/api/email';
import { formatLastModified } from '../../../../../shared/rules/dates';
import { errorText } from '../../../../lib/api';
import { Loading } from '../../../../lib/components/Loading';
import { useEmailStatus, useResendEmail, useSendTestEmail } from '../../api/email';
import type { AdminColumn } from '../AdminTable';
import { useTableStyles } from '../admin-table';
import { ReadOnlyTable } from '../ReadOnlyTable';

const useStyles = makeStyles({
  panel: { gap: tokens.spacingVerticalXL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  facts: { display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0 },
  fact: { margin: 0, overflowWrap: 'anywhere' },
  counts: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXL },
});

const SECURITY = { tls: 'TLS (smtps)', starttls: 'STARTTLS, required', starttls_if_offered: 'STARTTLS when offered (loopback relay)' } as const;
const STATUS = { queued: 'Retrying', sent: 'Sent', failed: 'Failed' } as const;

function Settings({ settings }: { settings: EmailSettings }) {
  const styles = useStyles();
  const facts: Array<[string, string]> = [
    ['Relay', `${settings.host}:${settings.port}`],
    ['Security', SECURITY[settings.security]],
    ['User', settings.user ?? 'none'],
    ['From', settings.from],
    ['Links point to', settings.publicUrl],
    ['DKIM', settings.dkimDomain ? `signed for ${settings.dkimDomain}` : 'not signed by the hub'],
  ];
  return (
    <dl className={styles.facts}>
      {facts.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt className={styles.fact}><Text weight="semibold">{term}</Text></dt>
          <dd className={styles.fact}><Text>{value}</Text></dd>
        </div>
      ))}
    </dl>
  );
}

function ResendButton({ message }: { message: OutboxMessage }) {
  const resend = useResendEmail();
  if (message.status !== 'failed') return null;
  return (
    <Button size="small" onClick={() => resend.mutate(message.id)} disabled={resend.isPending} aria-label={`Resend the message to ${message.to ?? 'nobody'}`}>
      {resend.isPending ? 'Resending…' : 'Resend'}
    </Button>
  );
}

const COLUMNS: AdminColumn<OutboxMessage>[] = [
  { header: 'To', cell: (m) => m.to ?? '—' },
  { header: 'Status', cell: (m) => STATUS[m.status] },
  { header: 'When', cell: (m) => formatLastModified(m.at) },
  { header: 'Error', cell: (m) => m.error ?? '' },
  { header: 'Actions', cell: (m) => <ResendButton message={m} /> },
];

/**
 * Admin → E-mail (docs/operations.md 'E-mail'): the relay the hub sends through, a test e-mail to
 * oneself, and the outbox: how many messages wait, went and failed, and the last errors.
 */
export function EmailTab() {
  const styles = useStyles();
  const table = useTableStyles();
  const status = useEmailStatus();
  const test = useSendTestEmail();
  if (status.isPending) return <Loading />;
  if (status.isError) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorText(status.error)}</MessageBarBody>
        <MessageBarActions><Button onClick={() => void status.refetch()}>Try again</Button></MessageBarActions>
      </MessageBar>
    );
  }
  const { settings, outbox, lastErrors } = status.data;
  return (
    <div className={mergeClasses(table.panel, styles.panel)}>
      <section className={styles.section} aria-labelledby="email-relay-title">
        <div className={table.toolbar}>
          <Text as="h2" size={400} weight="semibold" id="email-relay-title">Relay</Text>
          {settings && (
            <Button appearance="primary" onClick={() => test.mutate()} disabled={test.isPending}>
              {test.isPending ? 'Sending…' : 'Send a test e-mail'}
            </Button>
          )}
        </div>
        {settings ? <Settings settings={settings} /> : (
          <MessageBar intent="warning"><MessageBarBody>{EMAIL_TEXT.notConfigured}</MessageBarBody></MessageBar>
        )}
      </section>
      <section className={styles.section} aria-labelledby="email-outbox-title">
        <Text as="h2" size={400} weight="semibold" id="email-outbox-title">Outbox</Text>
        <div className={styles.counts} data-testid="outbox-counts">
          <Text>{`Queued: ${outbox.queued}`}</Text>
          <Text>{`Sent: ${outbox.sent}`}</Text>
          <Text>{`Failed: ${outbox.failed}`}</Text>
          <Text>{`Waiting for a daily digest: ${outbox.digest}`}</Text>
        </div>
        <ReadOnlyTable label="Messages with an error" columns={COLUMNS} rows={lastErrors} rowKey={(m) => m.id}
          query={status} emptyText="No message has failed." />
      </section>
    </div>
  );
}
