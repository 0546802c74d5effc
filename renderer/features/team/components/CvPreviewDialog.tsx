import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { Profile } from '../../../../shared/api/people';
import { CV_PRINT, cvFile } from '../../../../shared/rules/people-exports';
import { CvDocument } from './CvDocument';

const useStyles = makeStyles({
  surface: { maxWidth: '860px', width: '95vw' },
  page: { border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, maxHeight: '65vh', overflowY: 'auto', backgroundColor: '#fff' },
});

const PRINT_CLASS = 'cv-printing';
// design §3 (web): a print stylesheet shows only the preview, on A4 at scale 0.75.
const PRINT_CSS = `@media print {
  @page { size: ${CV_PRINT.pageSize}; margin: 12mm; }
  body.${PRINT_CLASS} * { visibility: hidden !important; }
  body.${PRINT_CLASS} .cv-print, body.${PRINT_CLASS} .cv-print * { visibility: visible !important; }
  body.${PRINT_CLASS} .cv-print { position: fixed; inset: 0; zoom: ${CV_PRINT.scale}; max-height: none !important; overflow: visible !important; border: none !important; }
}`;

/** The browser saves the PDF under the document title; the desktop's printToPDF is main's job. */
function printCv(name: string): void {
  const style = document.createElement('style');
  style.textContent = PRINT_CSS;
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
  window.addEventListener('afterprint', cleanUp);
  window.print();
}

/** spec §2: 'Export CV' opens 'CV Preview' with 'Download CV'. */
export default function CvPreviewDialog({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const styles = useStyles();
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>CV Preview</DialogTitle>
          <DialogContent>
            <div className={`${styles.page} cv-print`} data-testid="cv-preview"><CvDocument profile={profile} /></div>
            <Text size={200}>{`Saved as ${cvFile(profile.name)}`}</Text>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
            <Button appearance="primary" onClick={() => printCv(profile.name)}>Download CV</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
