import { useEffect, useState, type FormEvent } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, makeStyles, Radio, RadioGroup, Slider, SpinButton,
  Spinner, Text, Textarea, tokens,
} from '@fluentui/react-components';
import { checkInCreateSchema, type CheckIn } from '../../../../../shared/api/check-ins';
import { HubError } from '../../../../../shared/api/hub-error';
import { CHECK_IN_COMMENT_MAX, CONFIDENCE_LABELS, CONFIDENCES, type Confidence } from '../../../../../shared/rules/check-ins';
import { errorText } from '../../../../lib/api';
import { QUEUE_MESSAGES } from '../../../../lib/offline-writes';
import { useNotify } from '../../../../lib/toast';
import { useCreateCheckIn } from '../api/check-ins';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  percent: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  slider: { flexGrow: 1 },
  spin: { width: '96px' },
  error: { color: tokens.colorPaletteRedForeground1 },
  // the key result's title may be one long word
  quoted: { overflowWrap: 'anywhere' },
});

interface Values { percent: number | null; confidence: Confidence; comment: string }
type Errors = Partial<Record<keyof Values, string>>;

/** A check-in on a key result: percent complete, confidence and a comment. */
export function CheckInDialog({ open, keyResult, latest, onClose }: { open: boolean; keyResult: { id: number; title: string }; latest: CheckIn | null; onClose: () => void }) {
  const styles = useStyles();
  const create = useCreateCheckIn(keyResult);
  const notify = useNotify();
  const [values, setValues] = useState<Values>({ percent: 0, confidence: 'on_track', comment: '' });
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (!open) return;
    // a new check-in starts from the last one: usually only a few points move (once per opening,
    // with the mutation's reset, which is TanStack's store and so an effect's work)
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above
    setValues({ percent: latest?.percent ?? 0, confidence: latest?.confidence ?? 'on_track', comment: '' });
    setErrors({});
    create.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset once per opening
  }, [open]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = checkInCreateSchema.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Values] ??= issue.message;
      setErrors(found);
      return;
    }
    create.mutate(parsed.data, {
      // kept on this computer while the hub is away, said so rather than 'Successful'
      onSuccess: (result) => { notify.success(result.queued ? QUEUE_MESSAGES.saved : undefined); onClose(); },
      onError: (error) => {
        // the hub names the field of each refusal; show it there, the rest under the form
        if (error instanceof HubError) {
          const found: Errors = {};
          for (const e of error.errors) if (e.field && e.field in values) found[e.field as keyof Values] ??= e.message;
          setErrors(found);
        }
        notify.failure();
      },
    });
  };

  const busy = create.isPending;
  const fieldless = create.error instanceof HubError ? create.error.errors.filter((e) => !e.field).map((e) => e.message).join(', ') : create.error ? errorText(create.error) : '';
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-label="Check in">
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>Check in</DialogTitle>
            <DialogContent className={styles.form}>
              <Text className={styles.quoted}>Key result: <strong>{keyResult.title}</strong></Text>
              <Field label="Percent complete" required validationMessage={errors.percent}>
                <div className={styles.percent}>
                  <Slider
                    className={styles.slider} min={0} max={100} step={1} value={values.percent ?? 0} aria-label="Percent complete slider"
                    onChange={(_, d) => set('percent', d.value)}
                  />
                  <SpinButton
                    className={styles.spin} min={0} max={100} value={values.percent} aria-label="Percent complete"
                    onChange={(_, d) => {
                      const typed = d.displayValue === undefined ? null : Number(d.displayValue.replace('%', '').trim());
                      set('percent', d.value ?? (typed === null || Number.isNaN(typed) || d.displayValue?.trim() === '' ? null : typed));
                    }}
                  />
                </div>
              </Field>
              <Field label="Confidence" required validationMessage={errors.confidence}>
                <RadioGroup layout="horizontal" value={values.confidence} onChange={(_, d) => set('confidence', d.value as Confidence)}>
                  {CONFIDENCES.map((c) => <Radio key={c} value={c} label={CONFIDENCE_LABELS[c]} />)}
                </RadioGroup>
              </Field>
              <Field label="Comment" validationMessage={errors.comment} hint={`${values.comment.length}/${CHECK_IN_COMMENT_MAX}`}>
                <Textarea value={values.comment} onChange={(_, d) => set('comment', d.value)} resize="vertical" maxLength={CHECK_IN_COMMENT_MAX} placeholder="What moved this week, what is in the way" />
              </Field>
              {fieldless && <Text role="alert" className={styles.error}>{fieldless}</Text>}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose} disabled={busy}>Cancel</Button>
              <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>Save check-in</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
