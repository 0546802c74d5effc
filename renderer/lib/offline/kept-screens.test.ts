import { describe, expect, it } from 'vitest';
import { PATHS } from '../paths';
import { isKeptScreen } from './kept-screens';
import { isChunkLoadFailure } from './OfflineScreen';

describe('screens kept for offline viewing', () => {
  it('are the dashboard, the directory, profiles, holidays and objectives', () => {
    for (const path of ['/', PATHS.dashboard, PATHS.team, '/profile/12', PATHS.holidays, PATHS.objectives, PATHS.objectiveDetails]) {
      expect(isKeptScreen(path), path).toBe(true);
    }
  });

  it('are not the other screens, whose data the hub alone has', () => {
    for (const path of [PATHS.orgChart, PATHS.timetracking, PATHS.admin, PATHS.plans, PATHS.approvals, PATHS.timeline, PATHS.statistics, PATHS.employeeDetails, PATHS.settings, '/profile']) {
      expect(isKeptScreen(path), path).toBe(false);
    }
  });
});

describe('a screen whose code could not be fetched', () => {
  it('is told from other failures by the browsers’ words for a failed dynamic import', () => {
    expect(isChunkLoadFailure(new TypeError('Failed to fetch dynamically imported module: http://hub/assets/TeamPage-x.js'))).toBe(true);
    expect(isChunkLoadFailure(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadFailure(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isChunkLoadFailure(new Error('Failed to fetch dynamically imported module'))).toBe(false);
  });
});
