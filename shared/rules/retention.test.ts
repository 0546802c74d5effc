import { describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION, isValidRetention, periodText, retentionMessage, retentionRunText } from './retention';

describe('retention rules', () => {
  it('every default is within its own limits', () => {
    for (const [kind, days] of Object.entries(DEFAULT_RETENTION)) expect(isValidRetention(kind as keyof typeof DEFAULT_RETENTION, days), kind).toBe(true);
  });

  it('a period is whole days within the limits; for ever only where the kind allows it', () => {
    expect(isValidRetention('auditLog', 364)).toBe(false);
    expect(isValidRetention('auditLog', 365)).toBe(true);
    expect(isValidRetention('auditLog', null)).toBe(true);
    expect(isValidRetention('signInEvents', null)).toBe(false);
    expect(isValidRetention('signInEvents', 30.5)).toBe(false);
    expect(isValidRetention('signInEvents', '30')).toBe(false);
  });

  it('the message names the range, and the empty field where keeping for ever is allowed', () => {
    expect(retentionMessage('signInEvents')).toBe('Sign-in events: between 30 and 1,095 days.');
    expect(retentionMessage('auditLog')).toBe('Audit log entries: between 365 and 3,650 days, or empty to keep them for ever.');
  });

  it('names periods in years where they are whole years', () => {
    expect([periodText(365), periodText(1095), periodText(90), periodText(1), periodText(null)]).toEqual(['1 year', '3 years', '90 days', '1 day', 'for ever']);
  });

  it('a run says what it removed, counted, and whom it reminded about', () => {
    expect(retentionRunText({ signInEvents: 1234, endedSessions: 1, auditLog: 0 }, 0)).toBe('Removed 1,234 sign-in events and 1 ended session.');
    expect(retentionRunText({ readNotifications: 2, importRuns: 1, auditLog: 1 }, 1)).toBe('Removed 2 read notifications, 1 import run and 1 audit log entry; reminded admins about 1 archived person.');
    expect(retentionRunText({}, 2)).toBe('Removed nothing; reminded admins about 2 archived people.');
  });
});
