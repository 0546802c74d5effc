import { useState, type FormEvent } from 'react';
import { Button, Field, Input, makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import { retentionBodySchema, type RetentionBody } from '../../../../../shared/api/retention';
import { periodText, RETENTION_KINDS, RETENTION_RULES, type RetentionKind, type RetentionPeriods } from '../../../../../shared/rules/retention';
import { useSaveRetention } from '../../api/retention';
import { generalError, hubFieldErrors } from '../../../../lib/field-errors';

const useStyles = makeStyles({
  // reflow (WCAG 1.4.10): two columns that may shrink, one in a narrow window
  form: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', '@media (max-width: 640px)': { gridTemplateColumns: 'minmax(0, 1fr)' }, gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`, alignItems: 'start', maxWidth: '880px' },
  wide: { gridColumn: '1 / -1' },
  days: { maxWidth: '160px' },
});

type Values = Record<RetentionKind, string>;

const toValues = (periods: RetentionPeriods): Values =>
  Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, periods[kind] === null ? '' : String(periods[kind])])) as Values;

/** What the form sends: an empty field is null (for ever), anything else the number typed (NaN for nonsense, which the schema refuses). */
const toBody = (values: Values) =>
  Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, values[kind].trim() === '' ? null : Number(values[kind])])) as Record<RetentionKind, number | null>;

/** The shared schema's messages: the form says what the hub would answer, field by field. */
function check(values: Values): Partial<Record<RetentionKind, string>> {
  const parsed = retentionBodySchema.safeParse(toBody(values));
  const out: Partial<Record<RetentionKind, string>> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) out[issue.path[0] as RetentionKind] ??= issue.message;
  return out;
}

function hint(kind: RetentionKind): string {
  const rule = RETENTION_RULES[kind];
  const forever = rule.forever ? ' Empty keeps them for ever.' : '';
  const what = kind === 'archivedPeople' ? 'Admins are reminded' : 'Removed';
  return `${what} this many days ${rule.from}. Default ${periodText(rule.defaultDays)}.${forever}`;
}

/** Admin → Retention: one field per kind, in days; Save sends them all. */
export function RetentionForm({ periods }: { periods: RetentionPeriods }) {
  const styles = useStyles();
  const save = useSaveRetention();
  const [values, setValues] = useState<Values>(() => toValues(periods));
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const local = check(values);
  const messageOf = (kind: RetentionKind) => (submitted ? local[kind] : undefined) ?? server[kind];

  const set = (kind: RetentionKind, value: string) => {
    setValues((v) => ({ ...v, [kind]: value }));
    setServer((s) => ({ ...s, [kind]: '' }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setGeneral(null);
    if (Object.keys(local).length > 0) return;
    try {
      const saved = await save.mutateAsync(toBody(values) as RetentionBody);
      setValues(toValues(saved.periods));
      setSubmitted(false);
    } catch (error) {
      setServer(hubFieldErrors(error));
      setGeneral(generalError(error, [...RETENTION_KINDS]));
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label="Retention periods">
      {RETENTION_KINDS.map((kind) => {
        const message = messageOf(kind);
        return (
          <Field key={kind} label={`${RETENTION_RULES[kind].label} (days)`} hint={hint(kind)} validationMessage={message} validationState={message ? 'error' : 'none'}>
            <Input
              className={styles.days}
              type="number"
              inputMode="numeric"
              min={RETENTION_RULES[kind].minDays}
              max={RETENTION_RULES[kind].maxDays}
              value={values[kind]}
              placeholder={RETENTION_RULES[kind].forever ? 'For ever' : undefined}
              onChange={(_, d) => set(kind, d.value)}
            />
          </Field>
        );
      })}
      {general && <MessageBar intent="error" className={styles.wide}><MessageBarBody>{general}</MessageBarBody></MessageBar>}
      <div className={styles.wide}>
        <Button appearance="primary" type="submit" disabled={save.isPending}>{save.isPending ? 'Saving…' : 'Save'}</Button>
      </div>
    </form>
  );
}
