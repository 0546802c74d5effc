import { useState } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Link, makeStyles, Text, tokens,
} from '@fluentui/react-components';

// objective-tracking §1: a copyright footer with the current year, an info pop-up explaining
// OKRs and a credits list of three team members.
export const CREDITS = [
  { name: 'Irina Dumitrescu', part: 'Product and design' },
  { name: 'Mihai Ionescu', part: 'Hub server and data' },
  { name: 'Alexandra Pop', part: 'Desktop app and web shell' },
] as const;

const useStyles = makeStyles({
  root: {
    display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXXL}`, borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1, color: tokens.colorNeutralForeground3,
  },
  links: { display: 'flex', gap: tokens.spacingHorizontalL },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

type Open = 'okr' | 'credits' | null;

export function Footer() {
  const styles = useStyles();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <footer className={styles.root}>
      <Text size={200}>© {new Date().getFullYear()} Bitstone. All rights reserved.</Text>
      <div className={styles.links}>
        <Link as="button" onClick={() => setOpen('okr')}>What are OKRs?</Link>
        <Link as="button" onClick={() => setOpen('credits')}>Credits</Link>
      </div>

      <Dialog open={open === 'okr'} onOpenChange={(_, d) => !d.open && close()}>
        <DialogSurface aria-describedby={undefined}>
          <DialogBody>
            <DialogTitle>What are OKRs?</DialogTitle>
            <DialogContent className={styles.text}>
              <Text>
                OKRs (Objectives and Key Results) are a way to set goals and follow them. An <strong>objective</strong> says
                what you want to achieve: short, concrete and inspiring.
              </Text>
              <Text>
                Each objective holds a few <strong>key results</strong>: measurable steps with a deadline that show how
                far you have come. When its key results are done, the objective is complete.
              </Text>
              <Text>
                In the hub you create objectives with your team lead, track their progress and deadlines, and ask for
                approval when one is complete.
              </Text>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={close}>Got it</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>

      <Dialog open={open === 'credits'} onOpenChange={(_, d) => !d.open && close()}>
        <DialogSurface aria-describedby={undefined}>
          <DialogBody>
            <DialogTitle>Credits</DialogTitle>
            <DialogContent>
              <ul className={styles.list}>
                {CREDITS.map((c) => (
                  <li key={c.name}><Text weight="semibold">{c.name}</Text> <Text>— {c.part}</Text></li>
                ))}
              </ul>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={close}>Close</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </footer>
  );
}
