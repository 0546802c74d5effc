import { EventEmitter } from 'node:events';
import type { MessageBoxOptions, RenderProcessGoneDetails } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { CRASH_LOOP_TITLE, CRASHED_TITLE, HUNG_TITLE, installRendererRecovery, type RecoveryDialog } from '../../electron/renderer-recovery';

vi.mock('electron', () => ({}));

// Recovery of the desktop window: a crashed or hung page offers Reload instead of a blank window. The page's
// webContents and the native dialog are fakes; the person's answer is given by the test.

interface Box {
  options: MessageBoxOptions;
  parent: unknown;
  answer(response: number): void;
  /** closed by the signal, as Electron does: it answers its cancel button */
  aborted: boolean;
}

function rig(options: { windowGone?: boolean } = {}) {
  const webContents = Object.assign(new EventEmitter(), { forcefullyCrashRenderer: vi.fn() });
  const boxes: Box[] = [];
  const showMessageBox = (...args: unknown[]) => {
    const [parent, opts] = args.length === 2 ? args : [null, args[0]];
    const boxOptions = opts as MessageBoxOptions;
    return new Promise<{ response: number; checkboxChecked: boolean }>((resolve) => {
      const box: Box = { options: boxOptions, parent, aborted: false, answer: (response) => resolve({ response, checkboxChecked: false }) };
      boxOptions.signal?.addEventListener('abort', () => {
        box.aborted = true;
        resolve({ response: boxOptions.cancelId ?? 0, checkboxChecked: false });
      });
      boxes.push(box);
    });
  };
  const window = { isDestroyed: () => !!options.windowGone };
  const reload = vi.fn();
  const quit = vi.fn();
  const logs: string[] = [];
  let clock = 1_000_000;
  installRendererRecovery({
    webContents,
    dialog: { showMessageBox } as unknown as RecoveryDialog,
    window: () => window as never,
    reload,
    quit,
    log: (message) => logs.push(message),
    now: () => clock,
  });
  const gone = (reason: RenderProcessGoneDetails['reason'], exitCode = 11) => webContents.emit('render-process-gone', {}, { reason, exitCode });
  return { webContents, boxes, window, reload, quit, logs, gone, later: (ms: number) => (clock += ms) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('renderer recovery', () => {
  it.each(['crashed', 'killed', 'oom', 'abnormal-exit', 'launch-failed', 'integrity-failure', 'memory-eviction'] as const)(
    "a page gone (%s) offers Reload and Quit over the window; Reload loads the app's own page",
    async (reason) => {
      const { boxes, window, reload, quit, logs, gone } = rig();
      gone(reason);
      expect(boxes).toHaveLength(1);
      expect(boxes[0].parent).toBe(window);
      expect(boxes[0].options).toMatchObject({ type: 'error', message: CRASHED_TITLE, buttons: ['Reload', 'Quit'], defaultId: 0 });
      expect(logs).toEqual([`The window's page stopped (${reason}, exit code 11).`]);
      boxes[0].answer(0);
      await flush();
      expect(reload).toHaveBeenCalledTimes(1);
      expect(quit).not.toHaveBeenCalled();
    },
  );

  it('Quit quits; a clean exit (the window closing) asks nothing', async () => {
    const { boxes, reload, quit, gone } = rig();
    gone('clean-exit', 0);
    expect(boxes).toHaveLength(0);
    gone('crashed');
    boxes[0].answer(1);
    await flush();
    expect(quit).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('asks nothing once the window itself is gone', () => {
    const { boxes, gone, webContents } = rig({ windowGone: true });
    gone('crashed');
    webContents.emit('unresponsive');
    expect(boxes).toHaveLength(0);
  });

  it("a page not responding offers Wait and Reload; the box goes by itself when the page answers again", async () => {
    const { boxes, webContents, reload, logs } = rig();
    webContents.emit('unresponsive');
    expect(boxes).toHaveLength(1);
    expect(boxes[0].options).toMatchObject({ type: 'warning', message: HUNG_TITLE, buttons: ['Wait', 'Reload'], defaultId: 0, cancelId: 0 });
    expect(logs).toEqual(["The window's page is not responding."]);
    webContents.emit('responsive');
    await flush();
    expect(boxes[0].aborted).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    expect(webContents.forcefullyCrashRenderer).not.toHaveBeenCalled();
    // hung again later: asked again
    webContents.emit('unresponsive');
    expect(boxes).toHaveLength(2);
    boxes[1].answer(0); // Wait
    await flush();
    expect(reload).not.toHaveBeenCalled();
  });

  it('Reload on a hung page ends its process first, then loads the app, without calling that a crash', async () => {
    const { boxes, webContents, reload, gone } = rig();
    webContents.emit('unresponsive');
    boxes[0].answer(1);
    await flush();
    expect(webContents.forcefullyCrashRenderer).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    gone('killed');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(boxes).toHaveLength(1);
  });

  it('never shows two boxes: more hangs or crashes while one is up add none, and a crash replaces the hang box', async () => {
    const { boxes, webContents, gone, reload } = rig();
    webContents.emit('unresponsive');
    webContents.emit('unresponsive');
    expect(boxes).toHaveLength(1);
    gone('crashed');
    await flush();
    // the hang box was closed before the crash box opened, and its answer counted for nothing
    expect(boxes).toHaveLength(2);
    expect(boxes[0].aborted).toBe(true);
    expect(boxes[1].options.message).toBe(CRASHED_TITLE);
    gone('crashed');
    webContents.emit('unresponsive');
    await flush();
    expect(boxes).toHaveLength(2);
    expect(reload).not.toHaveBeenCalled();
    boxes[1].answer(0);
    await flush();
    expect(reload).toHaveBeenCalledTimes(1);
    // once answered, the next crash asks again
    gone('crashed');
    expect(boxes).toHaveLength(3);
  });

  it('three crashes within a minute are a loop: it offers Quit first and logs it', async () => {
    const { boxes, gone, later, quit, reload, logs } = rig();
    gone('crashed');
    boxes[0].answer(0);
    await flush();
    later(20_000);
    gone('crashed');
    boxes[1].answer(0);
    await flush();
    later(20_000);
    gone('crashed');
    expect(boxes[2].options).toMatchObject({ message: CRASH_LOOP_TITLE, buttons: ['Quit', 'Reload'], defaultId: 0 });
    expect(boxes[2].options.detail).toMatch(/3 times within a minute/);
    expect(logs).toContain("The window's page stopped 3 times within a minute; offering to quit.");
    boxes[2].answer(0);
    await flush();
    expect(quit).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('crashes more than a minute apart are no loop', async () => {
    const { boxes, gone, later } = rig();
    for (let i = 0; i < 3; i++) {
      gone('crashed');
      boxes[i].answer(0);
      await flush();
      later(40_000);
    }
    expect(boxes.map((b) => b.options.message)).toEqual([CRASHED_TITLE, CRASHED_TITLE, CRASHED_TITLE]);
  });
});
