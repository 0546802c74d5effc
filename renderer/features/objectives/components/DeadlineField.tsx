import { Field, Input } from '@fluentui/react-components';
import { WHOS_OUT_TEXT } from '../../../../shared/rules/whos-out';
import { useAssigneeOutOn } from '../api/assignee-out';

interface Props {
  value: string;
  min: string;
  max: string;
  error: string | undefined;
  assignee: { id: number; name: string } | null;
  onChange: (value: string) => void;
}

/**
 * The objective's deadline (§5), and the who's-out warning when the assignee is out that day: a
 * warning state, so Fluent gives it role="alert" and ties it to the input; saving is not blocked.
 */
export function DeadlineField({ value, min, max, error, assignee, onChange }: Props) {
  const outOn = useAssigneeOutOn(assignee?.id ?? null, value);
  const warning = !error && assignee && outOn.data?.out ? WHOS_OUT_TEXT.deadlineOut(assignee.name, value) : undefined;
  return (
    <Field label="Deadline" validationMessage={error ?? warning} validationState={error ? 'error' : warning ? 'warning' : 'none'}>
      <Input type="date" min={min} max={max} value={value} onChange={(_, d) => onChange(d.value)} />
    </Field>
  );
}
