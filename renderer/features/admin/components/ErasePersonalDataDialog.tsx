import { useId, useState } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, makeStyles, MessageBar, MessageBarBody,
  Spinner, Text, tokens,
} from '@fluentui/react-components';
import { ERASED_ITEMS, formerEmployeeName, KEPT_ITEMS, type ErasureResult } from '../../../../shared/api/personal-data-erasure';
import { errorText } from '../../../lib/api';
import { useErasePersonalData } from '../api/erase-personal-data';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  heading: { fontWeight: tokens.fontWeightSemibold },
});

/** Typing the name is the confirmation: what follows cannot be undone. */
const sameName = (typed: string, name: string) => typed.trim().toLocaleLowerCase() === name.trim().toLocaleLowerCase();

/**
 * Admin → Users → Erase personal data, for an archived person: the confirmation names
 * what goes and what stays (the same words as docs/personal-data.md), and the admin types the
 * person's name to go ahead. The hub's refusal stays in the dialog.
 */
export function ErasePersonalDataDialog({ user, onClose, onErased }: { user: { id: number; name: string }; onClose: () => void; onErased?: (result: ErasureResult) => void }) {
  const styles = useStyles();
  const erase = useErasePersonalData();
  const [typed, setTyped] = useState('');
  const goneId = useId();
  const keptId = useId();
  const confirmed = sameName(typed, user.name);

  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-describedby={goneId}>
        <DialogBody>
          <DialogTitle>Erase the personal data of {user.name}?</DialogTitle>
          <DialogContent className={styles.content}>
            <Text>
              This cannot be undone. {user.name} becomes <strong>{formerEmployeeName(user.id)}</strong> wherever their name appeared, and nobody can
              sign in as them again.
            </Text>
            <div>
              <Text id={goneId} className={styles.heading}>Deleted:</Text>
              <ul className={styles.list} aria-labelledby={goneId}>
                {ERASED_ITEMS.map((item) => <li key={item}>{item}</li>)}
              </ul>
            </div>
            <div>
              <Text id={keptId} className={styles.heading}>Kept, under {formerEmployeeName(user.id)}:</Text>
              <ul className={styles.list} aria-labelledby={keptId}>
                {KEPT_ITEMS.map((item) => <li key={item}>{item}</li>)}
              </ul>
            </div>
            <Field label={`Type ${user.name} to confirm`}>
              <Input value={typed} onChange={(_, d) => setTyped(d.value)} autoComplete="off" spellCheck={false} />
            </Field>
            {erase.isError && (
              <MessageBar intent="error">
                <MessageBarBody data-testid="dialog-error">{errorText(erase.error)}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button
              appearance="primary"
              disabled={!confirmed || erase.isPending || erase.isError}
              icon={erase.isPending ? <Spinner size="tiny" /> : undefined}
              onClick={() => erase.mutate(user.id, { onSuccess: (result) => { onErased?.(result); onClose(); } })}
            >
              Erase personal data
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
