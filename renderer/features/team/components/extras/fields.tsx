import { Field, Input, Textarea } from '@fluentui/react-components';

// Small labelled inputs the extra-details sections share.

export function TextField({ label, value, onChange, error, required, type, multiline, min, max }: {
  label: string; value: string; onChange: (v: string) => void; error?: string; required?: boolean; type?: 'text' | 'number' | 'date' | 'email'; multiline?: boolean;
  /** a date picker's first and last day (YYYY-MM-DD) */
  min?: string; max?: string;
}) {
  return (
    <Field label={label} required={required} validationState={error ? 'error' : undefined} validationMessage={error}>
      {multiline
        ? <Textarea value={value} onChange={(_, d) => onChange(d.value)} resize="vertical" />
        : <Input type={type ?? 'text'} value={value} min={min} max={max} onChange={(_, d) => onChange(d.value)} />}
    </Field>
  );
}
