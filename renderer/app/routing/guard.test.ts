import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../shared/rules/session-user';
import { decideGuard, safeRet } from './guard';

const actor = (over: Partial<Actor> = {}): Actor => ({
  id: 7, role: { id: 2, name: 'User' }, capabilities: [], isOwner: false, isTeamLead: false, isTeamsManager: false,
  teamIds: [1], leadTeamIds: [], managedTeamIds: [], ...over,
});
const admin = actor({ role: { id: 1, name: 'Admin' }, capabilities: ['VIEW_ADMIN'] });
const guest = actor({ role: { id: 9, name: 'Guest' }, capabilities: ['VIEW_ADMIN'] });
const priv = { route: 'private' as const, sessionEnded: false, pathname: '/holidays', search: '' };

describe('route guard', () => {
  it('sends a signed-out visitor to login with the path as ret', () => {
    expect(decideGuard({ ...priv, user: null })).toEqual({ action: 'redirect', to: '/login?ret=%2Fholidays' });
    expect(decideGuard({ ...priv, user: null, pathname: '/objective-tracking/employee-details', search: '?id=4' }))
      .toEqual({ action: 'redirect', to: '/login?ret=%2Fobjective-tracking%2Femployee-details%3Fid%3D4' });
  });

  it('carries no ret right after a session ended', () => {
    expect(decideGuard({ ...priv, user: null, sessionEnded: true })).toEqual({ action: 'redirect', to: '/login' });
  });

  it('renders private routes for a signed-in user', () => {
    expect(decideGuard({ ...priv, user: actor() })).toEqual({ action: 'render' });
  });

  it('sends the Guest role from admin, statistics and approvals to the team page', () => {
    for (const area of ['admin', 'statistics', 'approvals'] as const) {
      expect(decideGuard({ ...priv, user: guest, area })).toEqual({ action: 'redirect', to: '/super-awesome-team' });
    }
    expect(decideGuard({ ...priv, user: guest })).toEqual({ action: 'render' });
  });

  it('lets only view-admin holders into admin', () => {
    expect(decideGuard({ ...priv, user: admin, area: 'admin' })).toEqual({ action: 'render' });
    expect(decideGuard({ ...priv, user: actor(), area: 'admin' }).action).toBe('redirect');
    expect(decideGuard({ ...priv, user: actor(), area: 'statistics' })).toEqual({ action: 'render' });
  });

  it('sends a signed-in user away from login to ret, or the team page', () => {
    const login = { route: 'login' as const, user: actor(), firstLogin: false, afterSignIn: null };
    expect(decideGuard({ ...login, ret: '/holidays' })).toEqual({ action: 'redirect', to: '/holidays' });
    expect(decideGuard({ ...login, ret: null })).toEqual({ action: 'redirect', to: '/super-awesome-team' });
    expect(decideGuard({ ...login, ret: null, afterSignIn: '/objective-tracking/objectives' }))
      .toEqual({ action: 'redirect', to: '/objective-tracking/objectives' });
  });

  it('keeps a first login on the login page for the stepper', () => {
    expect(decideGuard({ route: 'login', user: actor(), firstLogin: true, ret: '/holidays', afterSignIn: null })).toEqual({ action: 'render' });
    expect(decideGuard({ route: 'login', user: null, firstLogin: false, ret: null, afterSignIn: null })).toEqual({ action: 'render' });
  });

  it('keeps a sign-in with a one-time password on the login page, and out of every private route', () => {
    expect(decideGuard({ route: 'login', user: actor(), firstLogin: false, passwordMustChange: true, ret: '/holidays', afterSignIn: null })).toEqual({ action: 'render' });
    expect(decideGuard({ ...priv, user: actor(), passwordMustChange: true })).toEqual({ action: 'redirect', to: '/login' });
    expect(decideGuard({ ...priv, user: admin, passwordMustChange: true, area: 'admin' })).toEqual({ action: 'redirect', to: '/login' });
    expect(decideGuard({ ...priv, user: actor(), passwordMustChange: false })).toEqual({ action: 'render' });
  });

  it('refuses a ret that leaves the app', () => {
    expect(safeRet('https://evil.example')).toBeNull();
    expect(safeRet('//evil.example/x')).toBeNull();
    expect(safeRet('/login?ret=%2F')).toBeNull();
    expect(safeRet('/holidays?x=1')).toBe('/holidays?x=1');
  });
});
