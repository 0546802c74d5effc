import { useState, type FormEvent } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, makeStyles, Select, Spinner, Text, Textarea, tokens,
} from '@fluentui/react-components';
import { evaluationFormSchema, type Evaluation, type EvaluationForm } from '../../../../shared/api/evaluations';
import { EVALUATION_CRITERIA, EVALUATION_LABELS, isRating, RATING_LABELS, RATINGS } from '../../../../shared/rules/evaluation-scale';
import type { EvaluationField } from '../../../../shared/rules/constants';
import { errorText } from '../../../lib/api';
import { useShownWhileOpen } from '../../../lib/shown-while-open';
import { useNotify } from '../../../lib/toast';
import { useCreateEvaluation, useUpdateEvaluation } from '../api/evaluations';

export type EvaluationDialogMode = 'create' | 'edit' | 'view';

const useStyles = makeStyles({
  // reflow (WCAG 1.4.10): two columns that may shrink, one in a narrow window
  form: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' }, gap: tokens.spacingVerticalM, columnGap: tokens.spacingHorizontalL },
  wide: { gridColumn: '1 / -1' },
  error: { gridColumn: '1 / -1', color: tokens.colorPaletteRedForeground1 },
  surface: { maxWidth: '760px' },
});

type Values = Record<EvaluationField, string>;
type Errors = Partial<Record<EvaluationField, string>>;

/** Remarks written before ratings existed stay visible in view mode, and must be re-rated to edit. */
function initial(e: Evaluation | null, mode: EvaluationDialogMode): Values {
  const values = {} as Values;
  for (const f of EVALUATION_CRITERIA) values[f] = e ? (mode === 'view' || isRating(e[f]) ? e[f] : '') : '';
  values.targets = e?.targets ?? '';
  return values;
}

const TITLES: Record<EvaluationDialogMode, string> = { create: 'New Evaluation', edit: 'Edit Evaluation', view: 'Evaluation' };

interface Props {
  open: boolean;
  mode: EvaluationDialogMode;
  evaluation: Evaluation | null;
  userId: number;
  canWrite: boolean;
  onModeChange: (mode: EvaluationDialogMode) => void;
  onClose: () => void;
}

/** spec §5: the evaluation form in create, edit and view-only modes, each message beside its field. */
export function EvaluationDialog({ open, onClose, ...rest }: Props) {
  const styles = useStyles();
  const mode = useShownWhileOpen(open, rest.mode);
  const evaluation = useShownWhileOpen(open, rest.evaluation);
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-label={TITLES[mode]} className={styles.surface}>
        {/* The surface's content is mounted anew at each opening, and the key starts the form
            again on a mode switch: its values, errors and save state never outlive either. */}
        <EvaluationEditor key={`${evaluation?.id ?? 'new'}:${mode}`} {...rest} mode={mode} evaluation={evaluation} onClose={onClose} />
      </DialogSurface>
    </Dialog>
  );
}

function EvaluationEditor({ mode, evaluation, userId, canWrite, onModeChange, onClose }: Omit<Props, 'open'>) {
  const styles = useStyles();
  const [values, setValues] = useState<Values>(() => initial(evaluation, mode));
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateEvaluation();
  const update = useUpdateEvaluation();
  const notify = useNotify();
  const readOnly = mode === 'view';

  const set = (key: EvaluationField, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    const parsed = evaluationFormSchema.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as EvaluationField] ??= issue.message;
      setErrors(found);
      return;
    }
    const done = { onSuccess: () => { notify.success(); onClose(); }, onError: () => notify.failure() };
    const body: EvaluationForm = parsed.data;
    if (mode === 'edit' && evaluation) update.mutate({ id: evaluation.id, ...body }, done);
    else create.mutate({ userId, ...body }, done);
  };

  const busy = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  return (
    <form onSubmit={submit} noValidate>
      <DialogBody>
        <DialogTitle>{TITLES[mode]}</DialogTitle>
        <DialogContent className={styles.form}>
          {EVALUATION_CRITERIA.map((f) => (
            <Field key={f} label={EVALUATION_LABELS[f]} required={!readOnly} validationMessage={errors[f]}>
              {readOnly && !isRating(values[f]) ? (
                <Text>{values[f]}</Text>
              ) : (
                <Select value={values[f]} disabled={readOnly} onChange={(_, d) => set(f, d.value)}>
                  <option value="">Choose a rating</option>
                  {RATINGS.map((r) => <option key={r} value={r}>{`${r} – ${RATING_LABELS[r]}`}</option>)}
                </Select>
              )}
            </Field>
          ))}
          <Field label={EVALUATION_LABELS.targets} required={!readOnly} validationMessage={errors.targets} className={styles.wide}>
            <Textarea value={values.targets} readOnly={readOnly} onChange={(_, d) => set('targets', d.value)} resize="vertical" rows={4} maxLength={5000} />
          </Field>
          {failure && <Text role="alert" className={styles.error}>{errorText(failure)}</Text>}
        </DialogContent>
        <DialogActions>
          {readOnly ? (
            <>
              {canWrite && <Button onClick={() => onModeChange('edit')}>Edit</Button>}
              <Button appearance="primary" onClick={onClose}>Close</Button>
            </>
          ) : (
            <>
              <Button appearance="secondary" onClick={onClose} disabled={busy}>Cancel</Button>
              <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>Save</Button>
            </>
          )}
        </DialogActions>
      </DialogBody>
    </form>
  );
}
