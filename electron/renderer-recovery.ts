import type { BaseWindow, MessageBoxOptions, MessageBoxReturnValue, RenderProcessGoneDetails } from 'electron';

/** The window's webContents as far as recovery needs it. */
export interface RecoveryWebContents {
  on(event: 'render-process-gone', listener: (event: unknown, details: RenderProcessGoneDetails) => void): unknown;
  on(event: 'unresponsive' | 'responsive', listener: () => void): unknown;
  /** ends a hung page's process, so the reload does not wait on it */
  forcefullyCrashRenderer(): void;
}

export interface RecoveryDialog {
  showMessageBox(window: BaseWindow, options: MessageBoxOptions): Promise<MessageBoxReturnValue>;
  showMessageBox(options: MessageBoxOptions): Promise<MessageBoxReturnValue>;
}

export interface RendererRecoveryDeps {
  webContents: RecoveryWebContents;
  dialog: RecoveryDialog;
  /** the dialogs' parent; null once it is gone */
  window: () => (BaseWindow & { isDestroyed(): boolean }) | null;
  /** loads the app's own page again (index.html, or the dev server): never whatever URL the page was at */
  reload: () => void;
  quit: () => void;
  log: (message: string) => void;
  now?: () => number;
}

/** Crashes this close together are a loop: reloading again would only crash again. */
export const CRASH_LOOP = { crashes: 3, withinMs: 60_000 };

export const CRASHED_TITLE = 'Bitstone Hub stopped working';
export const HUNG_TITLE = 'Bitstone Hub is not responding';
export const CRASH_LOOP_TITLE = 'Bitstone Hub keeps stopping';

type Kind = 'crashed' | 'hung';

/**
 * Recovery (docs/architecture.md 'The embedded hub'): a window whose page crashed or hangs offers
 * to reload it rather than stay blank. One dialog at a time: a crash while the 'not responding' box
 * is up replaces it; the 'not responding' box goes by itself when the page answers again.
 */
export function installRendererRecovery(deps: RendererRecoveryDeps): void {
  const now = deps.now ?? Date.now;
  const crashes: number[] = [];
  let open: { kind: Kind; abort: AbortController; closed: Promise<void> } | null = null;
  /** the page we ended ourselves to reload it: its 'gone' is no crash */
  let endingHungPage = false;

  function ask(kind: Kind, options: MessageBoxOptions, answer: (response: number) => void): void {
    const abort = new AbortController();
    const parent = deps.window();
    const withSignal = { ...options, signal: abort.signal, noLink: true };
    const shown = parent && !parent.isDestroyed() ? deps.dialog.showMessageBox(parent, withSignal) : deps.dialog.showMessageBox(withSignal);
    const closed = shown.then(
      ({ response }) => {
        if (open?.abort === abort) open = null;
        // an aborted box answers its cancel button; its answer is no one's choice
        if (!abort.signal.aborted) answer(response);
      },
      (error: unknown) => {
        if (open?.abort === abort) open = null;
        deps.log(`renderer recovery: the dialog failed: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
    open = { kind, abort, closed };
  }

  function onGone(details: RenderProcessGoneDetails): void {
    if (details.reason === 'clean-exit') return;
    if (endingHungPage) {
      endingHungPage = false;
      deps.reload();
      return;
    }
    deps.log(`The window's page stopped (${details.reason}, exit code ${details.exitCode}).`);
    const at = now();
    crashes.push(at);
    while (crashes.length && at - crashes[0] > CRASH_LOOP.withinMs) crashes.shift();
    const looping = crashes.length >= CRASH_LOOP.crashes;
    if (looping) deps.log(`The window's page stopped ${crashes.length} times within a minute; offering to quit.`);
    if (open?.kind === 'crashed') return; // its box is up already
    const showCrash = () => {
      if (deps.window()?.isDestroyed() ?? true) return;
      if (looping) {
        ask('crashed', {
          type: 'error',
          title: CRASH_LOOP_TITLE,
          message: CRASH_LOOP_TITLE,
          detail: `The window stopped ${crashes.length} times within a minute. Quit, and start the app again; if it keeps happening, tell your administrator.`,
          buttons: ['Quit', 'Reload'],
          defaultId: 0,
          cancelId: 0,
        }, (response) => (response === 1 ? deps.reload() : deps.quit()));
      } else {
        ask('crashed', {
          type: 'error',
          title: CRASHED_TITLE,
          message: CRASHED_TITLE,
          detail: 'The window stopped unexpectedly. Reload it to go on; nothing saved on the hub is lost.',
          buttons: ['Reload', 'Quit'],
          defaultId: 0,
          cancelId: 0,
        }, (response) => (response === 1 ? deps.quit() : deps.reload()));
      }
    };
    const hang = open;
    if (hang) {
      // the page is gone, not slow: the crash's box takes the place of the 'not responding' one
      hang.abort.abort();
      void hang.closed.then(showCrash);
    } else showCrash();
  }

  function onUnresponsive(): void {
    if (open) return;
    if (deps.window()?.isDestroyed() ?? true) return;
    deps.log("The window's page is not responding.");
    ask('hung', {
      type: 'warning',
      title: HUNG_TITLE,
      message: HUNG_TITLE,
      detail: 'The window is busy or stuck. Wait for it, or reload it.',
      buttons: ['Wait', 'Reload'],
      defaultId: 0,
      cancelId: 0,
    }, (response) => {
      if (response !== 1) return;
      deps.log("Reloading the window's page, which was not responding.");
      endingHungPage = true;
      // a hung page would hold up a plain reload; its 'gone' reloads it (onGone)
      deps.webContents.forcefullyCrashRenderer();
    });
  }

  function onResponsive(): void {
    if (open?.kind === 'hung') open.abort.abort();
  }

  deps.webContents.on('render-process-gone', (_event, details) => onGone(details));
  deps.webContents.on('unresponsive', onUnresponsive);
  deps.webContents.on('responsive', onResponsive);
}
