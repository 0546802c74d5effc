import { useState, type ReactNode } from 'react';
import { makeStyles, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import type { UserExtrasView } from '../../../../shared/api/people-extras';
import { EXTRA_MESSAGES } from '../../../../shared/rules/people-messages';

const useStyles = makeStyles({
  // reflow (WCAG 1.4.10): the tabs wrap in a narrow window rather than be cut off
  tabs: { flexWrap: 'wrap' },
  panel: { paddingTop: tokens.spacingVerticalM, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: {
    display: 'grid', gridTemplateColumns: 'minmax(160px, max-content) 1fr', gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`, margin: 0,
    // reflow (WCAG 1.4.10): in a narrow window each label sits above its value
    '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)', rowGap: tokens.spacingVerticalXXS },
  },
  term: { color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightSemibold },
  value: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', '@media (max-width: 480px)': { marginBottom: tokens.spacingVerticalS } },
  entry: { overflowWrap: 'anywhere', borderLeft: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke2}`, paddingLeft: tokens.spacingHorizontalM, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  muted: { color: tokens.colorNeutralForeground3 },
});

type TabKey = 'bitstone' | 'relevant' | 'projects' | 'personal';

const filled = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

function Facts({ rows }: { rows: [string, unknown][] }) {
  const styles = useStyles();
  const shown = rows.filter(([, v]) => filled(v));
  if (shown.length === 0) return <Text>{EXTRA_MESSAGES.empty}</Text>;
  return (
    <dl className={styles.list}>
      {shown.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt className={styles.term}><Text>{term}</Text></dt>
          <dd className={styles.value}><Text>{Array.isArray(value) ? value.join(', ') : String(value)}</Text></dd>
        </div>
      ))}
    </dl>
  );
}

function Entries({ items }: { items: { key: string; title: string; lines: (string | undefined)[] }[] }) {
  const styles = useStyles();
  if (items.length === 0) return <Text>{EXTRA_MESSAGES.empty}</Text>;
  return (
    <>
      {items.map((item) => (
        <div key={item.key} className={styles.entry}>
          <Text weight="semibold">{item.title}</Text>
          {item.lines.filter(filled).map((line, i) => <Text key={i} className={i === 0 ? styles.muted : undefined}>{line}</Text>)}
        </div>
      ))}
    </>
  );
}

/**
 * spec §2 EXTRA DETAILS tabs; each shows 'No info added yet.' when empty. The Relevant Experience
 * tab exists only for viewers allowed it (spec §6); the hub sends nothing the viewer may not see.
 */
export function ExtraDetailsTabs({ extras, showRelevant }: { extras: UserExtrasView; showRelevant: boolean }) {
  const styles = useStyles();
  const [tab, setTab] = useState<TabKey>('bitstone');
  const b = extras.bitstoneInfo ?? {};
  const p = extras.personalInfo ?? {};
  const panels: Record<TabKey, ReactNode> = {
    bitstone: (
      <Facts rows={[
        ['Benefits', b.benefits], ['Learning & Development', filled(b.learningAndDev) ? `${b.learningAndDev} EUR` : undefined],
        ['Team buildings', filled(b.teamBuildings) ? `${b.teamBuildings} RON` : undefined], ['Vacation days', b.holidays],
        ['Current role', b.currentRole], ['About', b.about],
      ]} />
    ),
    relevant: (
      <Entries items={(extras.relevantExperience ?? []).map((e, i) => ({
        key: String(i), title: `${e.position} at ${e.company}`, lines: [`${e.startDate} – ${e.endDate}`, e.description],
      }))} />
    ),
    projects: (
      <Entries items={(extras.projectsInfo ?? []).map((pr, i) => ({
        key: String(i), title: pr.title,
        lines: [pr.mainGoal && `Main goal: ${pr.mainGoal}`, pr.responsabilities && `Responsibilities: ${pr.responsabilities}`, pr.technicalSkills && `Technical skills: ${pr.technicalSkills}`],
      }))} />
    ),
    personal: (
      <Facts rows={[
        ['Official name', p.officialName], ['Birth date', p.birthdate], ['Personal email', p.personalEmailAddress], ['Hometown', p.hometown],
        ['Current address', p.currentAddress], ['Education', p.education], ['Skills', p.skills?.map((s) => s.name)], ['Languages', p.languages],
        ['Hobbies', p.hobbies], ['Dietary restrictions', p.isVegan], ['Current role', p.currentRole], ['About', p.about],
      ]} />
    ),
  };
  const current = tab === 'relevant' && !showRelevant ? 'bitstone' : tab;
  return (
    <div>
      <TabList className={styles.tabs} selectedValue={current} onTabSelect={(_, d) => setTab(d.value as TabKey)}>
        <Tab value="bitstone">Bistone Information</Tab>
        {showRelevant && <Tab value="relevant">Relevant Experience</Tab>}
        <Tab value="projects">Project Experience</Tab>
        <Tab value="personal">Personal Information</Tab>
      </TabList>
      <div className={styles.panel} role="tabpanel">{panels[current]}</div>
    </div>
  );
}
