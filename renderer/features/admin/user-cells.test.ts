import { describe, expect, it } from 'vitest';
import type { AdminUserRow } from '../../../shared/api/admin';
import { userCells } from './user-cells';

const base: AdminUserRow = {
  id: 1, name: 'Ana Pop', username: 'ana.pop', phone: '+40 700 000 000', email: 'ana@bitstone.example', team: [{ id: 1, name: 'Phoenix' }, { id: 2, name: 'Atlas' }],
  job: { id: 3, name: 'QA Engineer' }, role: { id: 1, name: 'Admin' }, accessLabel: 'Admin', joinDate: '2024-04-09', status: 'active',
};

describe('users table cells', () => {
  it('shows the values, teams joined and the join date in en-GB', () => {
    const cells = userCells(base);
    expect(Object.fromEntries(Object.entries(cells).map(([k, v]) => [k, v.text]))).toEqual({
      phone: '+40 700 000 000', email: 'ana@bitstone.example', team: 'Phoenix, Atlas', job: 'QA Engineer', access: 'Admin', joinDate: '09/04/2024',
    });
  });

  it('uses the spec fallbacks when values are missing', () => {
    const cells = userCells({ ...base, phone: null, email: null, team: [], job: null, role: null, accessLabel: 'User', joinDate: null });
    expect(Object.fromEntries(Object.entries(cells).map(([k, v]) => [k, [v.text, v.missing]]))).toEqual({
      phone: ['Not set', true], email: ['No email', true], team: ['No Team', true], job: ['No job', true], access: ['No role', true], joinDate: ['Not set', true],
    });
  });
});
