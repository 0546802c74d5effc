import { Dropdown, Field, Option } from '@fluentui/react-components';
import { PRIORITY_COLORS, type Priority } from '../../../../shared/rules/constants';

const dot = (p: Priority) => (
  <span aria-hidden style={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', marginRight: 6, backgroundColor: PRIORITY_COLORS[p] }} />
);

/** §5/§9: priorities lowest..highest, each with its colour. */
export function PriorityChoice({ value, onChange, error, options }: { value: string; onChange: (p: Priority) => void; error?: string; options: readonly Priority[] }) {
  return (
    <Field label="Priority" required validationMessage={error}>
      <Dropdown
        value={value}
        selectedOptions={value ? [value] : []}
        placeholder="Select priority"
        onOptionSelect={(_, d) => d.optionValue && onChange(d.optionValue as Priority)}
      >
        {options.map((p) => (
          <Option key={p} value={p} text={p}>{dot(p)}{p}</Option>
        ))}
      </Dropdown>
    </Field>
  );
}
