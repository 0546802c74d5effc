import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { emptyProject, type ProjectRow } from './extras-form';
import { TextField } from './fields';

const useStyles = makeStyles({
  // reflow (WCAG 1.4.10): two columns that may shrink, one in a narrow window
  entry: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' }, gap: tokens.spacingHorizontalM, padding: tokens.spacingVerticalM, borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  remove: { gridColumn: '1 / -1', justifySelf: 'end' },
});

/** spec §5: each project needs a title. */
export function ProjectsSection({ rows, errors, onChange }: { rows: ProjectRow[]; errors: Record<string, string>; onChange: (rows: ProjectRow[]) => void }) {
  const styles = useStyles();
  const set = (i: number, patch: Partial<ProjectRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div>
      {rows.map((row, i) => (
        <div key={i} className={styles.entry} data-testid="project-entry">
          <TextField label="Project title" required value={row.title} error={errors[`projectsInfo.${i}.title`]} onChange={(title) => set(i, { title })} />
          <TextField label="Main goal" value={row.mainGoal} onChange={(mainGoal) => set(i, { mainGoal })} />
          <TextField label="Responsibilities" multiline value={row.responsabilities} onChange={(responsabilities) => set(i, { responsabilities })} />
          <TextField label="Technical skills" multiline value={row.technicalSkills} onChange={(technicalSkills) => set(i, { technicalSkills })} />
          <Button className={styles.remove} icon={<DeleteRegular />} appearance="subtle" onClick={() => onChange(rows.filter((_, j) => j !== i))}>Remove project</Button>
        </div>
      ))}
      <Button icon={<AddRegular />} onClick={() => onChange([...rows, emptyProject()])}>Add project</Button>
    </div>
  );
}
