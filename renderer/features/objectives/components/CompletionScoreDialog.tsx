import { useState } from 'react';
import { Dropdown, Field, Option } from '@fluentui/react-components';
import { COMPLETION_SCORES, CONFIRM_TEXT, DEFAULT_PERCENTAGE } from '../../../../shared/rules/objective-status';
import { ConfirmDialog } from './ConfirmDialog';

/** spec §4/§5: completing a key result asks for a completion score, 0..100 in steps of 10 (100 by default). */
export function CompletionScoreDialog({ open, busy, onConfirm, onCancel }: { open: boolean; busy?: boolean; onConfirm: (score: number) => void; onCancel: () => void }) {
  const [score, setScore] = useState(DEFAULT_PERCENTAGE);
  // each opening starts again at the default, set while rendering (no effect, no extra pass)
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setScore(DEFAULT_PERCENTAGE);
  }
  return (
    <ConfirmDialog open={open} title="Complete" busy={busy} onCancel={onCancel} onConfirm={() => onConfirm(score)}>
      <p>{CONFIRM_TEXT.action('complete', 'key result')}</p>
      <Field label="Completion score">
        <Dropdown value={`${score}%`} selectedOptions={[String(score)]} onOptionSelect={(_, d) => d.optionValue && setScore(Number(d.optionValue))}>
          {COMPLETION_SCORES.map((s) => <Option key={s} value={String(s)} text={`${s}%`}>{`${s}%`}</Option>)}
        </Dropdown>
      </Field>
    </ConfirmDialog>
  );
}
