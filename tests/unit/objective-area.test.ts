import { describe, expect, it } from 'vitest';
import { PATHS } from '../../renderer/lib/paths';
import {
  approvesObjectives, currentAreaScreen, OBJECTIVE_AREA_PREFIX, OBJECTIVE_AREA_SCREENS, objectiveAreaScreens, OPEN_AREA_KEYS,
} from '../../shared/rules/objective-area';
import type { Actor } from '../../shared/rules/session-user';

// The objective-tracking area's navigation: who sees which entry, and which entry a path marks.

const member: Actor = { id: 1, role: { id: 1, name: 'User' }, capabilities: [], isOwner: false, isTeamLead: false, isTeamsManager: false, teamIds: [1], leadTeamIds: [], managedTeamIds: [] };
const lead: Actor = { ...member, id: 2, role: { id: 2, name: 'Team lead' }, isTeamLead: true, leadTeamIds: [1] };
const manager: Actor = { ...member, id: 3, isTeamsManager: true, managedTeamIds: [1] };
const owner: Actor = { ...member, id: 4, isOwner: true };
const guest: Actor = { ...member, id: 5, role: { id: 5, name: 'Guest' } };
const guestLead: Actor = { ...lead, id: 6, role: { id: 5, name: 'Guest' } };

const keys = (actor: Actor) => objectiveAreaScreens(actor).map((s) => s.key);

describe('the objective area navigation', () => {
  it('shows Approvals to the roles that decide on requests, never to the barred role', () => {
    for (const actor of [lead, manager, owner]) expect(approvesObjectives(actor)).toBe(true);
    for (const actor of [member, guest, guestLead]) expect(approvesObjectives(actor)).toBe(false);
  });

  it('gives each role its entries, in the area order', () => {
    expect(keys(owner)).toEqual(['objectives', 'approvals', 'plans', 'timeline', 'statistics', 'alignment']);
    expect(keys(lead)).toEqual(['objectives', 'approvals', 'plans', 'timeline', 'statistics', 'alignment']);
    expect(keys(member)).toEqual(['objectives', 'plans', 'timeline', 'statistics', 'alignment']);
    expect(keys(guest)).toEqual(['objectives', 'plans', 'timeline', 'alignment']);
    expect(keys(guestLead)).toEqual(['objectives', 'plans', 'timeline', 'alignment']);
    expect(OPEN_AREA_KEYS).toEqual(['objectives', 'plans', 'timeline', 'alignment']);
  });

  it("marks the entry a screen belongs to, the details under Objectives and the approval page under Approvals", () => {
    expect(currentAreaScreen(PATHS.objectives)).toBe('objectives');
    expect(currentAreaScreen(PATHS.objectiveDetails)).toBe('objectives');
    expect(currentAreaScreen(PATHS.approval)).toBe('approvals');
    expect(currentAreaScreen(PATHS.approvals)).toBe('approvals');
    expect(currentAreaScreen(PATHS.plans)).toBe('plans');
    expect(currentAreaScreen(PATHS.timeline)).toBe('timeline');
    expect(currentAreaScreen(PATHS.statistics)).toBe('statistics');
    expect(currentAreaScreen(PATHS.alignment)).toBe('alignment');
    expect(currentAreaScreen(PATHS.employeeDetails)).toBeNull();
    expect(currentAreaScreen('/objective-tracking/objectives-old')).toBeNull();
  });

  it("names only the router's own paths, all under the area's prefix", () => {
    const routes: string[] = Object.values(PATHS);
    for (const screen of OBJECTIVE_AREA_SCREENS) {
      for (const path of [screen.path, ...(screen.also ?? [])]) {
        expect(routes, path).toContain(path);
        expect(path.startsWith(OBJECTIVE_AREA_PREFIX), path).toBe(true);
      }
    }
  });
});
