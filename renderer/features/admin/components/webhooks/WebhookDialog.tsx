import { useState, type FormEvent } from 'react';
import { Checkbox, Field, Input, makeStyles, Radio, RadioGroup, Switch, tokens } from '@fluentui/react-components';
import { WEBHOOK_EVENTS, webhookEndpointBodySchema, type WebhookEndpoint, type WebhookEndpointBody, type WebhookEvent, type WebhookFormat } from '../../../../../shared/api/webhooks';
import { generalError, hubFieldErrors } from '../../../../lib/field-errors';
import { FormDialog } from '../FormDialog';
import { EVENT_LABELS, FORMAT_LABELS } from './webhook-labels';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // reflow (WCAG 1.4.10): two columns of events, one in a narrow window
  events: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

const FIELDS = ['url', 'events', 'format', 'includePrivate', 'enabled'] as const;

/** The shared schema's messages, so the form says what the hub would (the hub alone knows its allow-list). */
function check(values: WebhookEndpointBody): Record<string, string> {
  const parsed = webhookEndpointBodySchema.safeParse(values);
  const out: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

interface Props {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  save: (body: WebhookEndpointBody) => Promise<unknown>;
  saving: boolean;
}

/** Add or edit an endpoint: its address, the events it wants, the format, private objectives, on or off. */
export function WebhookDialog({ endpoint, onClose, save, saving }: Props) {
  const styles = useStyles();
  const [values, setValues] = useState<WebhookEndpointBody>({
    url: endpoint?.url ?? '', events: (endpoint?.events ?? []) as WebhookEvent[], format: endpoint?.format ?? 'json',
    includePrivate: endpoint?.includePrivate ?? false, enabled: endpoint?.enabled ?? true,
  });
  const [submitted, setSubmitted] = useState(false);
  const [hubError, setHubError] = useState<unknown>(null);
  const local = submitted ? check(values) : {};
  const errors = { ...hubFieldErrors(hubError), ...local };
  const set = (change: Partial<WebhookEndpointBody>) => {
    setValues((v) => ({ ...v, ...change }));
    setHubError(null);
  };
  const toggle = (event: WebhookEvent, on: boolean) => set({ events: on ? [...(values.events ?? []), event] : (values.events ?? []).filter((e) => e !== event) });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(check(values)).length > 0) return;
    try {
      await save(values);
    } catch (error) {
      setHubError(error);
    }
  };

  return (
    <FormDialog title={endpoint ? 'Edit endpoint' : 'Add endpoint'} onClose={onClose} onSubmit={(e) => void submit(e)} saving={saving}
      contentClassName={styles.form} general={generalError(hubError, FIELDS)} maxWidth={640}>
      <Field label="URL" required validationMessage={errors.url} hint="https://…; plain http only to a host the hub's operator allowed">
        <Input type="url" value={values.url} onChange={(_, d) => set({ url: d.value })} autoComplete="off" />
      </Field>
      <Field label="Events" required validationMessage={errors.events}>
        <div className={styles.events} role="group" aria-label="Events">
          {WEBHOOK_EVENTS.map((event) => (
            <Checkbox key={event} label={EVENT_LABELS[event]} checked={values.events?.includes(event) ?? false} onChange={(_, d) => toggle(event, Boolean(d.checked))} />
          ))}
        </div>
      </Field>
      <Field label="Format" validationMessage={errors.format}>
        <RadioGroup value={values.format} onChange={(_, d) => set({ format: d.value as WebhookFormat })}>
          {(Object.keys(FORMAT_LABELS) as WebhookFormat[]).map((format) => <Radio key={format} value={format} label={FORMAT_LABELS[format]} />)}
        </RadioGroup>
      </Field>
      <Switch label="Include private objectives' titles" checked={values.includePrivate} onChange={(_, d) => set({ includePrivate: d.checked })} />
      <Switch label="Enabled" checked={values.enabled} onChange={(_, d) => set({ enabled: d.checked })} />
    </FormDialog>
  );
}
