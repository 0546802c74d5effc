import { Field, Input, Textarea } from '@fluentui/react-components';

// Small labelled inputs the extra-details sections share.

export function TextField({ label, value, onChange, error, required, type, multiline }: {
  label: string; value: string; onChange: (v: string) => void; error?: string; required?: boolean; type?: 'text' | 'number' | 'date' | 'email'; multiline?: boolean;
}) {
  return (
    <Field label={label} required={required} validationState={error ? 'error' : undefined} validationMessage={error}>
      {multiline
        ? <Textarea value={value} onChange={(_, d) => onChange(d.value)} resize="vertical" />
        : <Input type={type ?? 'text'} value={value} onChange={(_, d) => onChange(d.value)} />}
    </Field>
  );
}
