import { z } from 'zod';
import type { KeyValueStore } from './token-store';

// The window comes back where it was left, per display set (a laptop alone and the
// laptop at its desk with two monitors each keep their own place), and never off-screen: a
// window restored onto a monitor that is gone is one nobody can reach. The decisions are plain
// functions of the saved state and screen.getAllDisplays(); Electron comes in as parameters.

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The part of Electron's Display used here. */
export interface DisplayInfo {
  bounds: Rectangle;
  workArea: Rectangle;
  scaleFactor: number;
}

export interface WindowState {
  /** the normal (not maximised) bounds, kept while maximised so un-maximising goes back there */
  bounds: Rectangle;
  maximized: boolean;
}

/** Less than this much of the window on some display's work area, and it counts as lost. */
export const MIN_VISIBLE = { width: 100, height: 50 } as const;
/** How many display sets are remembered; the least recently used goes first. */
export const MAX_DISPLAY_SETS = 8;
export const SAVE_DELAY_MS = 500;

const STORE_KEY = 'windowState';

/**
 * Names a display set by each display's place, size and scale, not by Electron's display ids,
 * which some systems hand out afresh when a monitor is plugged in again. The work area is left
 * out: a taskbar moved or auto-hidden is the same desk.
 */
export function displaySetKey(displays: readonly DisplayInfo[]): string {
  return displays
    .map((d) => `${d.bounds.x},${d.bounds.y},${d.bounds.width}x${d.bounds.height}@${d.scaleFactor}`)
    .sort()
    .join(';');
}

function overlap(a: Rectangle, b: Rectangle): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
  };
}

/** The default size, no bigger than the primary display's work area, centred on it. */
export function centredBounds(primary: DisplayInfo, size: { width: number; height: number }): Rectangle {
  const area = primary.workArea;
  const width = Math.min(size.width, area.width);
  const height = Math.min(size.height, area.height);
  return { x: area.x + Math.round((area.width - width) / 2), y: area.y + Math.round((area.height - height) / 2), width, height };
}

/**
 * Where the window opens. The saved state for this display set if enough of it lands on a
 * display's work area (at least MIN_VISIBLE), with its size clamped to that display's work area
 * and its top edge kept below the work area's so the title bar can be grabbed; otherwise the
 * default size centred on the primary display, not maximised.
 */
export function restoredWindowState(
  saved: WindowState | null,
  displays: readonly DisplayInfo[],
  primary: DisplayInfo,
  defaultSize: { width: number; height: number },
): WindowState {
  const fallback = { bounds: centredBounds(primary, defaultSize), maximized: false };
  if (!saved) return fallback;
  const visible = displays
    .map((display) => ({ display, seen: overlap(saved.bounds, display.workArea) }))
    .filter(({ seen }) => seen.width >= MIN_VISIBLE.width && seen.height >= MIN_VISIBLE.height)
    .sort((a, b) => b.seen.width * b.seen.height - a.seen.width * a.seen.height);
  if (visible.length === 0) return fallback;
  const area = visible[0].display.workArea;
  const width = Math.min(saved.bounds.width, area.width);
  const height = Math.min(saved.bounds.height, area.height);
  let { x, y } = saved.bounds;
  // A window shrunk to the work area is moved onto it whole; one that fits keeps its place,
  // partly off the side if that is where it was left.
  if (width < saved.bounds.width) x = area.x;
  if (height < saved.bounds.height) y = area.y;
  y = Math.max(y, area.y);
  return { bounds: { x, y, width, height }, maximized: saved.maximized };
}

const rectangleSchema = z.object({ x: z.number().int(), y: z.number().int(), width: z.number().int().positive(), height: z.number().int().positive() });
const windowStateSchema = z.object({ bounds: rectangleSchema, maximized: z.boolean() });
const savedStatesSchema = z.record(z.string(), z.unknown());

export interface WindowStateStore {
  load(displaySet: string): WindowState | null;
  save(displaySet: string, state: WindowState): void;
}

/** The window states, one per display set, under one key of the app's settings store. */
export function createWindowStateStore(store: KeyValueStore): WindowStateStore {
  const all = (): Record<string, unknown> => {
    const parsed = savedStatesSchema.safeParse(store.get(STORE_KEY));
    return parsed.success ? parsed.data : {};
  };
  return {
    load(displaySet) {
      // a hand-edited or older settings file must not stop the window from opening
      const parsed = windowStateSchema.safeParse(all()[displaySet]);
      return parsed.success ? parsed.data : null;
    },
    save(displaySet, state) {
      const { [displaySet]: _previous, ...others } = all();
      // re-added last, so the object's order is least to most recently used
      const next = Object.entries({ ...others, [displaySet]: state }).slice(-MAX_DISPLAY_SETS);
      store.set(STORE_KEY, Object.fromEntries(next));
    },
  };
}

export interface ScreenLike {
  getAllDisplays(): DisplayInfo[];
  getPrimaryDisplay(): DisplayInfo;
}

/** Where the window should open on the displays there are now. */
export function initialWindowState(screen: ScreenLike, store: WindowStateStore, defaultSize: { width: number; height: number }): WindowState {
  const displays = screen.getAllDisplays();
  return restoredWindowState(store.load(displaySetKey(displays)), displays, screen.getPrimaryDisplay(), defaultSize);
}

/** The part of BrowserWindow the tracker uses. */
export interface TrackedWindow {
  on(event: 'resize' | 'move' | 'maximize' | 'unmaximize' | 'close', listener: () => void): unknown;
  getNormalBounds(): Rectangle;
  isMaximized(): boolean;
  isMinimized(): boolean;
  isFullScreen(): boolean;
}

/**
 * Saves the window's state as it changes (a burst of resize or move events once, after
 * SAVE_DELAY_MS of quiet) and at once when it closes. `maximized` is read only while the window
 * is neither minimised nor full screen, where the platforms disagree on what it says.
 */
export function trackWindowState(
  window: TrackedWindow,
  deps: { screen: ScreenLike; store: WindowStateStore; initial: WindowState; delayMs?: number },
): { flush(): void } {
  let maximized = deps.initial.maximized;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!window.isMinimized() && !window.isFullScreen()) maximized = window.isMaximized();
    deps.store.save(displaySetKey(deps.screen.getAllDisplays()), { bounds: window.getNormalBounds(), maximized });
  };
  const later = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, deps.delayMs ?? SAVE_DELAY_MS);
  };
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) window.on(event, later);
  window.on('close', flush);
  return { flush };
}
