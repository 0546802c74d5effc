import { useMemo, useState } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { Profile } from '../../../../shared/api/people';
import { CV_PRINT, cvFile } from '../../../../shared/rules/people-exports';
import { getTransport } from '../../../lib/transport';
import { useNotify } from '../../../lib/toast';
import { cvEntries, withoutEntries, type CvSection } from '../cv-entries';
import { CvDocument } from './CvDocument';

const useStyles = makeStyles({
  surface: { maxWidth: '1100px', width: '95vw' },
  page: { border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, maxHeight: '65vh', overflowY: 'auto', backgroundColor: '#fff', flexGrow: 1 },
  layout: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'flex-start' },
  picker: { width: '220px', flexShrink: 0, maxHeight: '65vh', overflowY: 'auto', display: 'flex', flexDirection: 'column' },
  group: { margin: `${tokens.spacingVerticalS} 0 0`, border: 'none', padding: 0, display: 'flex', flexDirection: 'column' },
});

const SECTION_TITLES: Record<CvSection, string> = { experience: 'Experience', projects: 'Projects', skills: 'Skills' };

/** CV export: tick off the entries the printed CV leaves out; the profile itself is not changed. */
function CvEntryPicker({ profile, excluded, onToggle }: { profile: Profile; excluded: ReadonlySet<string>; onToggle: (key: string) => void }) {
  const styles = useStyles();
  const entries = cvEntries(profile);
  if (entries.length === 0) return null;
  return (
    <div className={styles.picker} data-testid="cv-entries">
      <Text weight="semibold">Include in the CV</Text>
      {(Object.keys(SECTION_TITLES) as CvSection[]).map((section) => {
        const shown = entries.filter((e) => e.section === section);
        if (shown.length === 0) return null;
        return (
          <fieldset key={section} className={styles.group}>
            <legend><Text size={200} weight="semibold">{SECTION_TITLES[section]}</Text></legend>
            {shown.map((e) => (
              <Checkbox key={e.key} label={e.label || '(untitled)'} checked={!excluded.has(e.key)} onChange={() => onToggle(e.key)} />
            ))}
          </fieldset>
        );
      })}
    </div>
  );
}

const PRINT_CLASS = 'cv-printing';
/**
 * design §3: a print stylesheet shows only the preview, on A4 at scale 0.75. On the web the zoom
 * gives the scale; on the desktop main's printToPDF({ pageSize: 'A4', scale: 0.75 }) does.
 */
const printCss = (zoom: number) => `@media print {
  @page { size: ${CV_PRINT.pageSize}; margin: 12mm; }
  body.${PRINT_CLASS} * { visibility: hidden !important; }
  body.${PRINT_CLASS} .cv-print, body.${PRINT_CLASS} .cv-print * { visibility: visible !important; }
  body.${PRINT_CLASS} .cv-print { position: fixed; inset: 0; zoom: ${zoom}; max-height: none !important; overflow: visible !important; border: none !important; }
}`;

/**
 * Web: the browser's print dialog saves the PDF under the document title (cleaned up after
 * printing). Desktop: main prints this page to '{name}_CV.pdf' and shows the save dialog.
 */
async function printCv(name: string): Promise<{ status: 'saved' } | { status: 'cancelled' } | { status: 'failed'; message: string }> {
  const transport = getTransport();
  const desktop = transport.kind === 'desktop';
  const style = document.createElement('style');
  style.textContent = printCss(desktop ? 1 : CV_PRINT.scale);
  document.head.appendChild(style);
  const title = document.title;
  document.title = cvFile(name).replace(/\.pdf$/, '');
  document.body.classList.add(PRINT_CLASS);
  const cleanUp = () => {
    document.body.classList.remove(PRINT_CLASS);
    document.title = title;
    style.remove();
    window.removeEventListener('afterprint', cleanUp);
  };
  if (!desktop) {
    window.addEventListener('afterprint', cleanUp);
    return transport.savePagePdf(cvFile(name));
  }
  try {
    return await transport.savePagePdf(cvFile(name));
  } finally {
    cleanUp();
  }
}

/** spec §2: 'Export CV' opens 'CV Preview' with 'Download CV'. */
export default function CvPreviewDialog({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const cv = useMemo(() => withoutEntries(profile, excluded), [profile, excluded]);
  const toggle = (key: string) => setExcluded((current) => {
    const next = new Set(current);
    if (!next.delete(key)) next.add(key);
    return next;
  });
  const download = async () => {
    setSaving(true);
    try {
      const result = await printCv(profile.name);
      if (result.status === 'failed') notify.failure(result.message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>CV Preview</DialogTitle>
          <DialogContent>
            <div className={styles.layout}>
              <CvEntryPicker profile={profile} excluded={excluded} onToggle={toggle} />
              <div className={`${styles.page} cv-print`} data-testid="cv-preview"><CvDocument profile={cv} /></div>
            </div>
            <Text size={200}>{`Saved as ${cvFile(profile.name)}`}</Text>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
            <Button appearance="primary" disabledFocusable={saving} onClick={() => void download()}>Download CV</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
