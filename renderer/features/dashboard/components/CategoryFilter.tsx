import { Button, Combobox, Field, makeStyles, Option, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  combo: { minWidth: '260px' },
});

/**
 * spec §2 Dashboard: a multi-select category dropdown, placeholder 'All', clearable. Fluent's
 * Combobox has no clear icon in multiselect mode, so the clear action is a button beside it.
 */
export function CategoryFilter({ categories, selected, onChange }: { categories: string[]; selected: string[]; onChange: (next: string[]) => void }) {
  const styles = useStyles();
  return (
    <Field label="Categories">
      <div className={styles.row}>
        <Combobox
          className={styles.combo}
          multiselect
          placeholder="All"
          value={selected.join(', ')}
          selectedOptions={selected}
          onOptionSelect={(_, data) => onChange(data.selectedOptions)}
        >
          {categories.map((c) => <Option key={c} value={c}>{c}</Option>)}
        </Combobox>
        <Button
          appearance="subtle"
          icon={<DismissRegular />}
          aria-label="Clear categories"
          title="Clear categories"
          disabled={selected.length === 0}
          onClick={() => onChange([])}
        />
      </div>
    </Field>
  );
}
