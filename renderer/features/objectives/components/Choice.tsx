import { Dropdown, Field, Option } from '@fluentui/react-components';

export interface ChoiceItem<T extends string | number> {
  id: T;
  name: string;
}

export interface ChoiceProps<T extends string | number> {
  label: string;
  items: readonly ChoiceItem<T>[];
  value: T | null | undefined;
  onChange: (value: T) => void;
  required?: boolean;
  error?: string;
  disabled?: boolean;
  /** shown as the only, disabled option when there is nothing to choose (§5 'No items') */
  emptyText?: string;
  placeholder?: string;
  className?: string;
}

/** A labelled single-choice dropdown over {id, name} items, with its validation message. */
export function Choice<T extends string | number>({ label, items, value, onChange, required, error, disabled, emptyText = 'No items', placeholder, className }: ChoiceProps<T>) {
  const selected = items.find((i) => i.id === value);
  return (
    <Field label={label} required={required} validationMessage={error} className={className}>
      <Dropdown
        value={selected?.name ?? ''}
        selectedOptions={selected ? [String(selected.id)] : []}
        placeholder={placeholder ?? `Select ${label.toLowerCase()}`}
        disabled={disabled}
        onOptionSelect={(_, d) => {
          const item = items.find((i) => String(i.id) === d.optionValue);
          if (item) onChange(item.id);
        }}
      >
        {items.length === 0 && <Option value="" disabled>{emptyText}</Option>}
        {items.map((i) => (
          <Option key={String(i.id)} value={String(i.id)}>{i.name}</Option>
        ))}
      </Dropdown>
    </Field>
  );
}
