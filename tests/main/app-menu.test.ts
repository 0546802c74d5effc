import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { aboutDetail, hubVersion, NOT_CONNECTED, showAbout, type AboutVersions } from '../../electron/about';
import { APP_NAME, appMenuTemplate, goScreenGroups } from '../../electron/app-menu';
import { OBJECTIVE_AREA_KEYS, type ObjectiveAreaKey } from '../../shared/rules/objective-area';
import { HubError } from '../../shared/api/hub-error';
import { PATHS } from '../../renderer/lib/paths';

// The application menu from Electron's standard roles, its Go shortcuts to the main
// screens and 'About Bitstone Hub'. Electron is mocked; the template is a plain value.

vi.mock('electron', () => ({}));

type Item = MenuItemConstructorOptions;

function template(platform: NodeJS.Platform, isPackaged = true, areaScreens: readonly ObjectiveAreaKey[] | null = null) {
  const navigate = vi.fn();
  const about = vi.fn();
  return { menu: appMenuTemplate({ platform, isPackaged, navigate, showAbout: about, areaScreens }), navigate, about };
}

const items = (menu: Item[]): Item[] => menu.flatMap((item) => [item, ...items((item.submenu as Item[] | undefined) ?? [])]);
const submenu = (menu: Item[], label: string) => (menu.find((m) => m.label === label)?.submenu ?? []) as Item[];
const roles = (menu: Item[], label: string) => submenu(menu, label).filter((i) => i.type !== 'separator').map((i) => i.role ?? i.label);

// The accelerators Electron gives the roles used here (its roles' defaults); a Go shortcut on
// one of them would take it from the role.
const ROLE_ACCELERATORS: Record<string, string> = {
  undo: 'CmdOrCtrl+Z', redo: 'Shift+CmdOrCtrl+Z', cut: 'CmdOrCtrl+X', copy: 'CmdOrCtrl+C', paste: 'CmdOrCtrl+V',
  selectAll: 'CmdOrCtrl+A', reload: 'CmdOrCtrl+R', forceReload: 'Shift+CmdOrCtrl+R', toggleDevTools: 'Alt+CmdOrCtrl+I',
  resetZoom: 'CmdOrCtrl+0', zoomIn: 'CmdOrCtrl+Plus', zoomOut: 'CmdOrCtrl+-', togglefullscreen: 'F11', minimize: 'CmdOrCtrl+M',
  close: 'CmdOrCtrl+W', quit: 'CmdOrCtrl+Q', hide: 'Command+H', hideOthers: 'Alt+Command+H',
};

const VERSIONS: AboutVersions = {
  app: '0.4.2',
  hub: { connected: true, version: '0.4.1', where: 'https://hub.bitstone.example' },
  electron: '45.5.0',
  chrome: '140.0.7339.249',
  node: '22.20.0',
};

describe('the application menu', () => {
  it.each(['darwin', 'win32', 'linux'] as const)('never says Electron, on %s', (platform) => {
    for (const isPackaged of [true, false]) {
      const labels = items(template(platform, isPackaged).menu).map((i) => i.label ?? '');
      expect(labels.filter((l) => /electron/i.test(l))).toEqual([]);
    }
  });

  it('on macOS starts with the app menu, named for the app, and ends with Help', () => {
    const { menu } = template('darwin');
    expect(menu.map((m) => m.label)).toEqual([APP_NAME, 'Edit', 'View', 'Go', 'Window', 'Help']);
    expect(roles(menu, APP_NAME)).toEqual([`About ${APP_NAME}`, 'services', 'hide', 'hideOthers', 'unhide', 'quit']);
    const labels = submenu(menu, APP_NAME).map((i) => i.label);
    expect(labels).toContain(`Hide ${APP_NAME}`);
    expect(labels).toContain(`Quit ${APP_NAME}`);
    expect(roles(menu, 'Window')).toEqual(['minimize', 'zoom', 'close', 'front']);
  });

  it('on Windows and Linux has no app menu: Quit (Exit on Windows) is under File, and Window only minimises and closes', () => {
    for (const [platform, quit] of [['win32', 'Exit'], ['linux', 'Quit']] as const) {
      const { menu } = template(platform);
      expect(menu.map((m) => m.label)).toEqual(['File', 'Edit', 'View', 'Go', 'Window', 'Help']);
      expect(submenu(menu, 'File')).toEqual([{ role: 'quit', label: quit }]);
      expect(roles(menu, 'Window')).toEqual(['minimize', 'close']);
      expect(items(menu).some((i) => ['services', 'hide', 'zoom', 'front'].includes(i.role ?? ''))).toBe(false);
    }
  });

  it('edits, reloads and zooms with the standard roles; developer tools only in a development build', () => {
    const packaged = template('linux', true).menu;
    expect(roles(packaged, 'Edit')).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']);
    expect(roles(packaged, 'View')).toEqual(['reload', 'forceReload', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
    expect(roles(template('linux', false).menu, 'View')).toEqual(['reload', 'forceReload', 'toggleDevTools', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
  });

  it('has About Bitstone Hub under Help on every platform, which shows the About box', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const { menu, about } = template(platform);
      const help = menu.find((m) => m.label === 'Help');
      expect(help?.role).toBe('help');
      const item = submenu(menu, 'Help').find((i) => i.label === `About ${APP_NAME}`);
      (item?.click as () => void)();
      expect(about).toHaveBeenCalledTimes(1);
    }
  });

  it('goes to each main screen with CmdOrCtrl and its number, through the navigate callback', () => {
    const { menu, navigate } = template('win32');
    const go = submenu(menu, 'Go');
    expect(go.map((i) => i.type === 'separator' ? '—' : [i.label, i.accelerator])).toEqual([
      ['Dashboard', 'CmdOrCtrl+1'],
      ['Super-Awesome Team', 'CmdOrCtrl+2'],
      ['Org Chart', 'CmdOrCtrl+3'],
      ['Time Tracking', 'CmdOrCtrl+4'],
      ['Holidays', 'CmdOrCtrl+5'],
      '—',
      ['Objectives', 'CmdOrCtrl+6'],
      ['Plans', 'Shift+CmdOrCtrl+P'],
      ['Timeline', 'Shift+CmdOrCtrl+T'],
      ['Alignment', 'Shift+CmdOrCtrl+L'],
      '—',
      ['Settings', 'CmdOrCtrl+7'],
    ]);
    go.forEach((i) => (i.click as (() => void) | undefined)?.());
    expect(navigate.mock.calls.map(([path]) => path)).toEqual([
      '/dashboard', '/super-awesome-team', '/org-chart', '/timetracking', '/holidays',
      '/objective-tracking/objectives', '/objective-tracking/plans', '/objective-tracking/timeline', '/objective-tracking/alignment', '/settings',
    ]);
  });

  it("lists the objective area's entries the signed-in person's navigation has: Approvals and Statistics only when the page says so", () => {
    const labels = (areaScreens: readonly ObjectiveAreaKey[] | null) => submenu(template('linux', true, areaScreens).menu, 'Go').map((i) => i.label).filter(Boolean);
    const area = ['Objectives', 'Approvals', 'Plans', 'Timeline', 'Statistics', 'Alignment'];
    expect(labels(['objectives', 'approvals', 'plans', 'timeline', 'statistics', 'alignment']).filter((l) => area.includes(l!))).toEqual(area);
    // in the area's order, whatever order the page sent
    expect(labels(['statistics', 'objectives', 'alignment', 'timeline', 'plans']).filter((l) => area.includes(l!))).toEqual(['Objectives', 'Plans', 'Timeline', 'Statistics', 'Alignment']);
    // nobody signed in: the entries no rule limits
    expect(labels(null)).not.toContain('Approvals');
    expect(labels(null)).not.toContain('Statistics');
    const { menu, navigate } = template('darwin', true, ['objectives', 'approvals', 'statistics']);
    const go = submenu(menu, 'Go');
    expect(go.find((i) => i.label === 'Approvals')?.accelerator).toBe('Shift+CmdOrCtrl+A');
    expect(go.find((i) => i.label === 'Statistics')?.accelerator).toBe('Shift+CmdOrCtrl+S');
    (go.find((i) => i.label === 'Approvals')?.click as () => void)();
    (go.find((i) => i.label === 'Statistics')?.click as () => void)();
    expect(navigate.mock.calls.map(([path]) => path)).toEqual(['/objective-tracking/approvals', '/objective-tracking/statistics']);
  });

  it("opens only the router's own paths (renderer/lib/paths.ts)", () => {
    const routes: string[] = Object.values(PATHS);
    for (const screen of goScreenGroups(OBJECTIVE_AREA_KEYS).flat()) expect(routes).toContain(screen.path);
  });

  it.each(['darwin', 'win32', 'linux'] as const)('gives no two items one shortcut, on %s', (platform) => {
    const all = items(template(platform, false, OBJECTIVE_AREA_KEYS).menu);
    const accelerators = all.map((i) => (i.accelerator as string | undefined) ?? (i.role ? ROLE_ACCELERATORS[i.role] : undefined)).filter((a): a is string => !!a);
    expect(accelerators.length).toBeGreaterThan(goScreenGroups(OBJECTIVE_AREA_KEYS).flat().length);
    expect(new Set(accelerators).size).toBe(accelerators.length);
  });
});

describe('About Bitstone Hub', () => {
  it('names the app, hub, Electron, Chromium and Node versions', () => {
    const text = aboutDetail(VERSIONS);
    for (const version of ['0.4.2', '0.4.1', '45.5.0', '140.0.7339.249', '22.20.0']) expect(text).toContain(version);
    expect(text).toContain('https://hub.bitstone.example');
    expect(text.split('\n')).toEqual([
      'Version 0.4.2',
      'Hub: 0.4.1 (https://hub.bitstone.example)',
      'Electron: 45.5.0',
      'Chromium: 140.0.7339.249',
      'Node: 22.20.0',
    ]);
  });

  it('says not connected when the hub did not answer, and version not reported when it answered without one', () => {
    expect(aboutDetail({ ...VERSIONS, hub: { connected: false } })).toContain(`Hub: ${NOT_CONNECTED}`);
    expect(aboutDetail({ ...VERSIONS, hub: { connected: true, version: null, where: 'built-in hub' } })).toContain('Hub: version not reported (built-in hub)');
  });

  it("asks the hub's health for its version, and names the built-in hub or the company hub's address", async () => {
    const request = vi.fn(async () => ({ status: 'ok', database: 'pglite', migrations: 12, version: '0.4.1' }));
    expect(await hubVersion({ request, hubUrl: () => null })).toEqual({ connected: true, version: '0.4.1', where: 'built-in hub' });
    expect(request).toHaveBeenCalledWith({ method: 'GET', path: '/health' });
    const noVersion = vi.fn(async () => ({ status: 'ok', database: 'postgres', migrations: 12 }));
    expect(await hubVersion({ request: noVersion, hubUrl: () => 'https://hub.bitstone.example' })).toEqual({ connected: true, version: null, where: 'https://hub.bitstone.example' });
  });

  it('is not connected when the hub refuses, is unreachable, or is still starting past the time limit', async () => {
    const refused = vi.fn(async () => Promise.reject(new HubError({ status: 503, serverError: true, errors: [{ message: 'The hub database is not reachable.' }] })));
    expect(await hubVersion({ request: refused, hubUrl: () => null })).toEqual({ connected: false });
    const starting = vi.fn(() => new Promise<unknown>(() => {}));
    expect(await hubVersion({ request: starting, hubUrl: () => null, timeoutMs: 10 })).toEqual({ connected: false });
  });

  it('shows a message box over the window and copies the versions when asked', async () => {
    const window = {} as never;
    const deps = (response: number) => ({
      dialog: { showMessageBox: vi.fn(async () => ({ response, checkboxChecked: false })) },
      clipboard: { writeText: vi.fn() },
      window: () => window,
      versions: async () => VERSIONS,
    });
    const ok = deps(0);
    await showAbout(ok);
    expect(ok.dialog.showMessageBox).toHaveBeenCalledWith(window, expect.objectContaining({ title: `About ${APP_NAME}`, message: APP_NAME, detail: aboutDetail(VERSIONS) }));
    expect(ok.clipboard.writeText).not.toHaveBeenCalled();
    const copy = deps(1);
    await showAbout(copy);
    expect(copy.clipboard.writeText).toHaveBeenCalledWith(`${APP_NAME}\n${aboutDetail(VERSIONS)}`);
  });
});
