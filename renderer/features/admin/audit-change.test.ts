import { describe, expect, it } from 'vitest';
import { describeChange, subjectOf } from './audit-change';

describe('audit change lines', () => {
  it('an update lists only the fields that changed', () => {
    expect(describeChange({ id: 1, name: 'Orion', technology: '.NET' }, { id: 1, name: 'Orion X', technology: '.NET' })).toEqual([
      { field: 'name', from: 'Orion', to: 'Orion X' },
    ]);
  });

  it('a create lists what was set, a delete what was there', () => {
    expect(describeChange(null, { name: 'Atlas', capabilities: ['VIEW_ADMIN', 'DOWNLOAD_CV'] })).toEqual([
      { field: 'name', to: 'Atlas' },
      { field: 'capabilities', to: 'VIEW_ADMIN, DOWNLOAD_CV' },
    ]);
    expect(describeChange({ name: 'Atlas', technology: '' }, null)).toEqual([
      { field: 'name', from: 'Atlas' },
      { field: 'technology', from: '—' },
    ]);
  });
});

describe('audit subject', () => {
  it('names the record when the row carries its name', () => {
    expect(subjectOf({ entity: 'team', entityId: '4', before: null, after: { name: 'Orion' } })).toBe('team Orion');
    expect(subjectOf({ entity: 'link', entityId: '9', before: { pictureVersion: 'a' }, after: null })).toBe('link #9');
  });

  it('leaves ids out of the change lines', () => {
    expect(describeChange({ name: 'Ana', roleId: 2, role: 'User' }, { name: 'Ana', roleId: 1, role: 'Admin' })).toEqual([{ field: 'role', from: 'User', to: 'Admin' }]);
  });
});
