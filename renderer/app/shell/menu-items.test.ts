import { describe, expect, it } from 'vitest';
import { isActive, menuItems } from './menu-items';

describe('side menu', () => {
  it('shows Admin only with the view-admin capability', () => {
    expect(menuItems({ capabilities: ['VIEW_ADMIN'] }, false).map((i) => i.label)).toContain('Admin');
    expect(menuItems({ capabilities: [] }, false).map((i) => i.label)).not.toContain('Admin');
  });

  it('ends with Objective Tracking: a new tab on the web (spec §2), the area in the window on the desktop', () => {
    const web = menuItems({ capabilities: [] }, false);
    expect(web.at(-1)).toMatchObject({ label: 'Objective Tracking', path: '/objective-tracking/objectives', external: true });
    const desktop = menuItems({ capabilities: [] }, true);
    expect(desktop.at(-1)).toMatchObject({ label: 'Objective Tracking', path: '/objective-tracking/objectives' });
    expect(desktop.at(-1)?.external).toBeUndefined();
  });

  it('offers Settings on the web and the desktop, and leaves the area’s own screens to its navigation', () => {
    for (const desktop of [false, true]) {
      const labels = menuItems({ capabilities: [] }, desktop).map((i) => i.label);
      expect(labels).toContain('Settings');
      for (const inArea of ['Alignment', 'Approvals', 'Plans', 'Timeline', 'Statistics']) expect(labels).not.toContain(inArea);
    }
  });

  it('highlights the entry of the current path', () => {
    const [dashboard, team] = menuItems({ capabilities: [] }, false);
    expect(isActive(dashboard, '/')).toBe(true);
    expect(isActive(dashboard, '/dashboard')).toBe(true);
    expect(isActive(dashboard, '/holidays')).toBe(false);
    expect(isActive(team, '/profile/12')).toBe(true);
    expect(isActive(team, '/super-awesome-team')).toBe(true);
  });

  it('highlights Objective Tracking on every screen of the area', () => {
    for (const desktop of [false, true]) {
      const objectiveTracking = menuItems({ capabilities: [] }, desktop).at(-1)!;
      for (const path of ['/objective-tracking/objectives', '/objective-tracking/approvals', '/objective-tracking/employee-details']) {
        expect(isActive(objectiveTracking, path), path).toBe(true);
      }
      expect(isActive(objectiveTracking, '/holidays')).toBe(false);
    }
  });
});
