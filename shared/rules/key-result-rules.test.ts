import { describe, expect, it } from 'vitest';
import { OBJECTIVE_MESSAGES as M } from './objective-messages';
import { isKeyResultDeadlineLocked, keyResultActionFor, keyResultDeadlineError, keyResultRefusal } from './key-result-rules';

const today = '2026-05-10';

describe('key result rules (spec §5)', () => {
  it('refuses new key results on an archived or completed objective or one more than a day past its deadline', () => {
    expect(keyResultRefusal({ status: 'archived', deadline: '2026-06-01' }, today)).toBe(M.krOnArchived);
    expect(keyResultRefusal({ status: 'in progress', deadline: '2026-05-08' }, today)).toBe(M.krPastDeadline);
    expect(keyResultRefusal({ status: 'in progress', deadline: '2026-05-09' }, today)).toBeNull();
    expect(keyResultRefusal({ status: 'completed', deadline: '2026-06-01' }, today)).toBe(M.krOnCompleted);
    expect(keyResultRefusal({ status: 'waiting for approval', deadline: '2026-06-01' }, today)).toBeNull();
  });
  it('keeps the deadline between today and the objective deadline', () => {
    expect(keyResultDeadlineError('2026-05-20', '2026-05-15', today)).toBe(M.krDeadlineAfterObjective);
    expect(keyResultDeadlineError('2026-05-09', '2026-05-15', today)).toBe(M.deadlinePast);
    expect(keyResultDeadlineError('2026-05-10', '2026-05-15', today)).toBeNull();
    expect(keyResultDeadlineError('2026-05-15', '2026-05-15', today)).toBeNull();
  });
  it('locks the field to the objective deadline once it has passed', () => {
    expect(isKeyResultDeadlineLocked('2026-05-09', today)).toBe(true);
    expect(isKeyResultDeadlineLocked('2026-05-10', today)).toBe(false);
    expect(keyResultDeadlineError('2026-05-09', '2026-05-09', today)).toBeNull();
  });
});

describe('key result actions (spec §4)', () => {
  it('offers Complete in progress and Start once completed, nothing on a deleted one', () => {
    expect(keyResultActionFor('in progress')).toBe('complete');
    expect(keyResultActionFor('completed')).toBe('start');
    expect(keyResultActionFor('deleted')).toBeNull();
  });
});
