import { makeStyles, tokens } from '@fluentui/react-components';
import type { ExtrasForm } from './extras-form';
import { TextField } from './fields';

// Reflow (WCAG 1.4.10): two columns that may shrink, one in a narrow window
const useStyles = makeStyles({ grid: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' }, gap: tokens.spacingHorizontalL } });

type Value = ExtrasForm['bitstone'];

/** `showMoney`: spec §6 — benefits, days and amounts only for those who may view them (the hub keeps them otherwise). */
export function BitstoneSection({ value, onChange, showMoney }: { value: Value; onChange: (v: Value) => void; showMoney: boolean }) {
  const styles = useStyles();
  const set = (key: keyof Value) => (v: string) => onChange({ ...value, [key]: v });
  return (
    <div className={styles.grid}>
      {showMoney && <TextField label="Learning & Development (EUR)" type="number" value={value.learningAndDev} onChange={set('learningAndDev')} />}
      {showMoney && <TextField label="Team buildings (RON)" type="number" value={value.teamBuildings} onChange={set('teamBuildings')} />}
      {showMoney && <TextField label="Vacation days" type="number" value={value.holidays} onChange={set('holidays')} />}
      <TextField label="Current role" value={value.currentRole} onChange={set('currentRole')} />
      {showMoney && <TextField label="Benefits (one per line)" multiline value={value.benefits} onChange={set('benefits')} />}
      <TextField label="About" multiline value={value.about} onChange={set('about')} />
    </div>
  );
}
