import type { ReactNode } from 'react';
import type { Profile } from '../../../../shared/api/people';
import { usePictureUrl } from '../../../lib/picture';

// Plain markup and inline styles: the CV must look the same on screen and on paper (design §3).
const css = {
  page: { fontFamily: 'Segoe UI, Arial, sans-serif', color: '#1b1b1b', padding: 32, display: 'flex', flexDirection: 'column' as const, gap: 16 },
  head: { display: 'flex', gap: 24, alignItems: 'center', borderBottom: '3px solid #004C7C', paddingBottom: 16 },
  photo: { width: 96, height: 120, objectFit: 'cover' as const, borderRadius: 4 },
  name: { fontSize: 28, fontWeight: 600, margin: 0, color: '#004C7C' },
  h: { fontSize: 15, textTransform: 'uppercase' as const, letterSpacing: 1, color: '#004C7C', margin: '0 0 6px' },
  item: { marginBottom: 10 },
  muted: { color: '#555', fontSize: 13 },
};

function Block({ title, children }: { title: string; children: ReactNode }) {
  return <section><h3 style={css.h}>{title}</h3>{children}</section>;
}

/** The CV's content: what the viewer may see of the profile (the hub already filtered it). */
export function CvDocument({ profile }: { profile: Profile }) {
  const { extras } = profile;
  const src = usePictureUrl(profile);
  const about = extras.personalInfo?.about || extras.bitstoneInfo?.about;
  const skills = extras.personalInfo?.skills?.map((s) => s.name) ?? [];
  const languages = extras.personalInfo?.languages ?? [];
  const education = extras.personalInfo?.education ?? [];
  return (
    <article style={css.page}>
      <header style={css.head}>
        {src && <img src={src} alt="" style={css.photo} />}
        <div>
          <h2 style={css.name}>{profile.name}</h2>
          <div>{profile.job?.name}</div>
          <div style={css.muted}>{[profile.email, profile.phone].filter(Boolean).join(' · ')}</div>
        </div>
      </header>
      {about && <Block title="About">{about}</Block>}
      {(extras.relevantExperience?.length ?? 0) > 0 && (
        <Block title="Experience">
          {extras.relevantExperience?.map((e, i) => (
            <div key={i} style={css.item}>
              <strong>{e.position}</strong>, {e.company} <span style={css.muted}>({e.startDate} – {e.endDate})</span>
              {e.description && <div>{e.description}</div>}
            </div>
          ))}
        </Block>
      )}
      {(extras.projectsInfo?.length ?? 0) > 0 && (
        <Block title="Projects">
          {extras.projectsInfo?.map((p, i) => (
            <div key={i} style={css.item}>
              <strong>{p.title}</strong>
              {p.mainGoal && <div>{p.mainGoal}</div>}
              {p.technicalSkills && <div style={css.muted}>{p.technicalSkills}</div>}
            </div>
          ))}
        </Block>
      )}
      {education.length > 0 && <Block title="Education">{education.map((e) => <div key={e}>{e}</div>)}</Block>}
      {skills.length > 0 && <Block title="Skills">{skills.join(', ')}</Block>}
      {languages.length > 0 && <Block title="Languages">{languages.join(', ')}</Block>}
    </article>
  );
}
