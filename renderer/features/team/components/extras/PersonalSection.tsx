import { useState } from 'react';
import { Button, Combobox, Field, makeStyles, Option, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { birthdateBounds } from '../../../../../shared/rules/birthdate';
import { useSkills } from '../../api/extras';
import type { ExtrasForm } from './extras-form';
import { TextField } from './fields';
import { NewSkillsDialog } from './NewSkillsDialog';

const useStyles = makeStyles({
  // reflow (WCAG 1.4.10): two columns that may shrink, one in a narrow window
  grid: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' }, gap: tokens.spacingHorizontalL },
  skills: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  grow: { flexGrow: 1 },
});

type Value = ExtrasForm['personal'];

/** Personal information (spec §3); dietary restrictions are stored under isVegan. */
/** `showSensitive`: spec §6 — official name, birth date, address and personal email (the hub keeps them otherwise). */
export function PersonalSection({ value, errors, onChange, showSensitive }: { value: Value; errors: Record<string, string>; onChange: (v: Value) => void; showSensitive: boolean }) {
  const styles = useStyles();
  // the picker offers only the days the hub takes (shared/rules/birthdate.ts)
  const born = birthdateBounds();
  const catalogue = useSkills().data?.skills ?? [];
  const [adding, setAdding] = useState(false);
  const set = (key: Exclude<keyof Value, 'skills'>) => (v: string) => onChange({ ...value, [key]: v });
  const known = [...catalogue, ...value.skills.filter((s) => !catalogue.some((c) => c.id === s.id))];
  return (
    <div className={styles.grid}>
      {showSensitive && <TextField label="Official name" value={value.officialName} onChange={set('officialName')} />}
      {showSensitive && (
        <TextField label="Birth date" type="date" min={born.earliest} max={born.latest} value={value.birthdate} error={errors['personalInfo.birthdate']} onChange={set('birthdate')} />
      )}
      {showSensitive && <TextField label="Personal email" type="email" value={value.personalEmailAddress} onChange={set('personalEmailAddress')} />}
      <TextField label="Hometown" value={value.hometown} onChange={set('hometown')} />
      {showSensitive && <TextField label="Current address" value={value.currentAddress} onChange={set('currentAddress')} />}
      <TextField label="Languages (comma separated)" value={value.languages} onChange={set('languages')} />
      <div className={styles.skills}>
        <Field label="Skills" className={styles.grow}>
          <Combobox
            multiselect placeholder="Choose skills" value={value.skills.map((s) => s.name).join(', ')} selectedOptions={value.skills.map((s) => String(s.id))}
            onOptionSelect={(_, d) => onChange({ ...value, skills: known.filter((s) => d.selectedOptions.includes(String(s.id))) })}
          >
            {known.map((s) => <Option key={s.id} value={String(s.id)}>{s.name}</Option>)}
          </Combobox>
        </Field>
        <Button icon={<AddRegular />} onClick={() => setAdding(true)}>New skills</Button>
      </div>
      <TextField label="Dietary restrictions" value={value.isVegan} onChange={set('isVegan')} />
      <TextField label="Education (one per line)" multiline value={value.education} onChange={set('education')} />
      <TextField label="Hobbies" multiline value={value.hobbies} onChange={set('hobbies')} />
      <TextField label="Current role" value={value.currentRole} onChange={set('currentRole')} />
      <TextField label="About" multiline value={value.about} onChange={set('about')} />
      {adding && (
        <NewSkillsDialog
          onClose={() => setAdding(false)}
          onCreated={(created) => onChange({ ...value, skills: [...value.skills, ...created.filter((c) => !value.skills.some((s) => s.id === c.id))] })}
        />
      )}
    </div>
  );
}
