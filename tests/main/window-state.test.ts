import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createWindowStateStore,
  displaySetKey,
  initialWindowState,
  MAX_DISPLAY_SETS,
  restoredWindowState,
  trackWindowState,
  type DisplayInfo,
  type Rectangle,
  type TrackedWindow,
  type WindowState,
} from '../../electron/window-state';

// The window reopens at its size and place on the same displays, and never where it
// cannot be seen. Plain functions of the saved state and the displays; the tracker gets a fake
// BrowserWindow and screen.

vi.mock('electron', () => ({}));

const DEFAULT = { width: 1280, height: 820 };

function display(x: number, y: number, width: number, height: number, scaleFactor = 1): DisplayInfo {
  // a 40 px taskbar along the bottom
  return { bounds: { x, y, width, height }, workArea: { x, y, width, height: height - 40 }, scaleFactor };
}
const laptop = display(0, 0, 1920, 1080);
const monitor = display(1920, 0, 2560, 1440);
const saved = (bounds: Rectangle, maximized = false): WindowState => ({ bounds, maximized });

function memoryStore() {
  const data = new Map<string, unknown>();
  return { data, get: (k: string) => data.get(k), set: (k: string, v: unknown) => void data.set(k, v), delete: (k: string) => void data.delete(k) };
}

describe('where the window opens', () => {
  it('first time: the default size, centred on the primary display', () => {
    expect(restoredWindowState(null, [laptop], laptop, DEFAULT)).toEqual({ bounds: { x: 320, y: 110, width: 1280, height: 820 }, maximized: false });
  });

  it('on the same displays: exactly where it was left', () => {
    const onMonitor = saved({ x: 2100, y: 80, width: 1600, height: 1000 });
    expect(restoredWindowState(onMonitor, [laptop, monitor], laptop, DEFAULT)).toEqual(onMonitor);
  });

  it('left on a monitor that is gone: the default, centred on the primary display', () => {
    const onMonitor = saved({ x: 2100, y: 80, width: 1600, height: 1000 }, true);
    expect(restoredWindowState(onMonitor, [laptop], laptop, DEFAULT)).toEqual({ bounds: { x: 320, y: 110, width: 1280, height: 820 }, maximized: false });
  });

  it('partly off-screen: kept if at least 100×50 px is on a work area, else the default', () => {
    const mostlyOff = saved({ x: 1700, y: 500, width: 1000, height: 700 }); // 220 px across, 540 down on the laptop
    expect(restoredWindowState(mostlyOff, [laptop], laptop, DEFAULT)).toEqual(mostlyOff);
    const sliver = saved({ x: 1850, y: 500, width: 1000, height: 700 }); // 70 px across
    expect(restoredWindowState(sliver, [laptop], laptop, DEFAULT).bounds).toEqual({ x: 320, y: 110, width: 1280, height: 820 });
    const underTaskbar = saved({ x: 200, y: 1020, width: 1000, height: 700 }); // 20 px above the taskbar
    expect(restoredWindowState(underTaskbar, [laptop], laptop, DEFAULT).bounds).toEqual({ x: 320, y: 110, width: 1280, height: 820 });
  });

  it('with its title bar above the top of the screen: moved down so it can be grabbed', () => {
    const tooHigh = saved({ x: 200, y: -300, width: 1000, height: 700 });
    expect(restoredWindowState(tooHigh, [laptop], laptop, DEFAULT).bounds).toEqual({ x: 200, y: 0, width: 1000, height: 700 });
  });

  it('bigger than the screen: shrunk to the work area of the display it is mostly on, and onto it', () => {
    const huge = saved({ x: -50, y: -20, width: 2400, height: 1300 });
    expect(restoredWindowState(huge, [laptop], laptop, DEFAULT).bounds).toEqual({ x: 0, y: 0, width: 1920, height: 1040 });
    const wideOnMonitor = saved({ x: 1500, y: 100, width: 3000, height: 900 }); // 420 px on the laptop, 2560 on the monitor
    expect(restoredWindowState(wideOnMonitor, [laptop, monitor], laptop, DEFAULT).bounds).toEqual({ x: 1920, y: 100, width: 2560, height: 900 });
  });

  it('a default bigger than a small screen is clamped to it', () => {
    const small = display(0, 0, 1024, 768);
    expect(restoredWindowState(null, [small], small, DEFAULT).bounds).toEqual({ x: 0, y: 0, width: 1024, height: 728 });
  });

  it('maximised: maximised again, over the normal bounds it had', () => {
    const state = saved({ x: 100, y: 100, width: 1100, height: 700 }, true);
    expect(restoredWindowState(state, [laptop], laptop, DEFAULT)).toEqual(state);
  });
});

describe('display sets', () => {
  it('are named by place, size and scale, in any order', () => {
    expect(displaySetKey([laptop, monitor])).toBe(displaySetKey([monitor, laptop]));
    expect(displaySetKey([laptop])).not.toBe(displaySetKey([laptop, monitor]));
    expect(displaySetKey([display(0, 0, 1920, 1080, 1)])).not.toBe(displaySetKey([display(0, 0, 1920, 1080, 2)]));
  });

  it('each keep their own state: the laptop alone and at the desk', () => {
    const store = createWindowStateStore(memoryStore());
    const screen = (displays: DisplayInfo[]) => ({ getAllDisplays: () => displays, getPrimaryDisplay: () => displays[0] });
    const atDesk = saved({ x: 2100, y: 80, width: 1600, height: 1000 }, true);
    const alone = saved({ x: 40, y: 40, width: 1000, height: 700 });
    store.save(displaySetKey([laptop, monitor]), atDesk);
    store.save(displaySetKey([laptop]), alone);
    expect(initialWindowState(screen([laptop, monitor]), store, DEFAULT)).toEqual(atDesk);
    expect(initialWindowState(screen([laptop]), store, DEFAULT)).toEqual(alone);
    // a display set never seen before: the default
    expect(initialWindowState(screen([display(0, 0, 3840, 2160, 2)]), store, DEFAULT)).toEqual({ bounds: { x: 1280, y: 650, width: 1280, height: 820 }, maximized: false });
  });

  it(`keep the ${MAX_DISPLAY_SETS} most recently used`, () => {
    const raw = memoryStore();
    const store = createWindowStateStore(raw);
    const keys = Array.from({ length: MAX_DISPLAY_SETS + 2 }, (_, i) => displaySetKey([display(0, 0, 1000 + i, 800)]));
    keys.forEach((key) => store.save(key, saved({ x: 0, y: 0, width: 900, height: 700 })));
    store.save(keys[1], saved({ x: 5, y: 5, width: 900, height: 700 })); // used again: now the newest
    expect(Object.keys(raw.data.get('windowState') as object)).toEqual([...keys.slice(3), keys[1]]);
    expect(store.load(keys[0])).toBeNull();
    expect(store.load(keys[1])?.bounds.x).toBe(5);
  });

  it('a hand-edited settings file does not stop the window from opening', () => {
    const raw = memoryStore();
    const store = createWindowStateStore(raw);
    raw.data.set('windowState', 'oops');
    expect(store.load(displaySetKey([laptop]))).toBeNull();
    raw.data.set('windowState', { [displaySetKey([laptop])]: { bounds: { x: 'a' }, maximized: 1 } });
    expect(store.load(displaySetKey([laptop]))).toBeNull();
    store.save(displaySetKey([laptop]), saved({ x: 1, y: 2, width: 900, height: 700 }));
    expect(store.load(displaySetKey([laptop]))).toEqual(saved({ x: 1, y: 2, width: 900, height: 700 }));
  });
});

describe('saving the window state', () => {
  afterEach(() => vi.useRealTimers());

  function fakeWindow() {
    const listeners = new Map<string, Array<() => void>>();
    const state = { normal: { x: 100, y: 100, width: 1100, height: 700 }, maximized: false, minimized: false, fullScreen: false };
    const window: TrackedWindow = {
      on: (event, listener) => listeners.set(event, [...(listeners.get(event) ?? []), listener]),
      getNormalBounds: () => state.normal,
      isMaximized: () => state.maximized,
      isMinimized: () => state.minimized,
      isFullScreen: () => state.fullScreen,
    };
    const emit = (event: string) => listeners.get(event)?.forEach((fn) => fn());
    return { window, state, emit };
  }

  function setUp(initial: WindowState = saved({ x: 100, y: 100, width: 1100, height: 700 })) {
    vi.useFakeTimers();
    const store = createWindowStateStore(memoryStore());
    const screen = { getAllDisplays: () => [laptop], getPrimaryDisplay: () => laptop };
    const fake = fakeWindow();
    trackWindowState(fake.window, { screen, store, initial, delayMs: 500 });
    const current = () => store.load(displaySetKey([laptop]));
    return { ...fake, current };
  }

  it('after a burst of moves and resizes, once, when they stop', () => {
    const { state, emit, current } = setUp();
    state.normal = { x: 300, y: 150, width: 1100, height: 700 };
    emit('move');
    vi.advanceTimersByTime(300);
    state.normal = { x: 320, y: 160, width: 1200, height: 750 };
    emit('resize');
    vi.advanceTimersByTime(300);
    expect(current()).toBeNull(); // still moving
    vi.advanceTimersByTime(200);
    expect(current()).toEqual(saved({ x: 320, y: 160, width: 1200, height: 750 }));
  });

  it('at once when the window closes', () => {
    const { state, emit, current } = setUp();
    state.normal = { x: 10, y: 20, width: 1000, height: 650 };
    emit('resize');
    emit('close');
    expect(current()).toEqual(saved({ x: 10, y: 20, width: 1000, height: 650 }));
  });

  it('maximised: the flag with the normal bounds, not the maximised ones', () => {
    const { state, emit, current } = setUp();
    state.maximized = true;
    emit('maximize');
    vi.advanceTimersByTime(500);
    expect(current()).toEqual(saved({ x: 100, y: 100, width: 1100, height: 700 }, true));
  });

  it('minimised or full screen, the window keeps the maximised flag it had', () => {
    const { state, emit, current } = setUp(saved({ x: 100, y: 100, width: 1100, height: 700 }, true));
    state.minimized = true; // some platforms say "not maximised" while minimised
    emit('close');
    expect(current()?.maximized).toBe(true);
    state.minimized = false;
    state.fullScreen = true;
    emit('resize');
    vi.advanceTimersByTime(500);
    expect(current()?.maximized).toBe(true);
  });
});
