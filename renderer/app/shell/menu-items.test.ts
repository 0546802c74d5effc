import { describe, expect, it } from 'vitest';
import { isActive, menuItems } from './menu-items';

describe('side menu', () => {
  it('shows Admin only with the view-admin capability', () => {
    expect(menuItems({ capabilities: ['VIEW_ADMIN'] }, false).map((i) => i.label)).toContain('Admin');
    expect(menuItems({ capabilities: [] }, false).map((i) => i.label)).not.toContain('Admin');
  });

  it('ends with the external Objective Tracking link, and offers Settings only on desktop', () => {
    const web = menuItems({ capabilities: [] }, false);
    expect(web.at(-1)).toMatchObject({ label: 'Objective Tracking', external: true });
    expect(web.at(-2)).toMatchObject({ label: 'Alignment', path: '/objective-tracking/alignment' });
    expect(web.map((i) => i.label)).not.toContain('Settings');
    expect(menuItems({ capabilities: [] }, true).map((i) => i.label)).toContain('Settings');
  });

  it('highlights the entry of the current path', () => {
    const [dashboard, team] = menuItems({ capabilities: [] }, false);
    expect(isActive(dashboard, '/')).toBe(true);
    expect(isActive(dashboard, '/dashboard')).toBe(true);
    expect(isActive(dashboard, '/holidays')).toBe(false);
    expect(isActive(team, '/profile/12')).toBe(true);
    expect(isActive(team, '/super-awesome-team')).toBe(true);
  });
});
