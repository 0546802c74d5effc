import { HubError, UNREACHABLE_MESSAGE } from '../shared/api/hub-error';
import { HUB_STATUS_OFF, type HubStatus } from '../shared/hub-status';
import type { HubSettings } from '../shared/ipc';
import type { EmbeddedHub } from './embedded-hub';
import type { HubTarget } from './hub-client';
import { superviseEmbeddedHub, type RestartPolicy, type SupervisedHub } from './hub-supervisor';
import type { SettingsStore } from './settings';
import { normalizeHubUrl } from './settings';
import type { TokenPersistence } from './token-store';

export interface HubConnectionOptions {
  settings: SettingsStore;
  tokenPersistence: TokenPersistence;
  startEmbedded: () => EmbeddedHub;
  /** the built-in hub's state as it stops and restarts (the window's banner) */
  onHubStatus?: (status: HubStatus) => void;
  log?: (message: string) => void;
  restartPolicy?: Partial<RestartPolicy>;
}

/** The token store's name for the built-in hub: its port changes at every start, its data does not. */
export const EMBEDDED_HUB_KEY = 'embedded';

/**
 * Which hub the app talks to: the embedded one when no hub URL is set, else the
 * company hub. Owns the embedded hub's process, hence a class.
 */
export class HubConnection {
  private embedded: SupervisedHub | null = null;

  constructor(private readonly options: HubConnectionOptions) {}

  /** Starts the embedded hub if it is the one in use; the window does not wait for it. */
  start(): void {
    if (this.options.settings.hubUrl() === null) this.ensureEmbedded();
  }

  async target(): Promise<HubTarget> {
    const hubUrl = this.options.settings.hubUrl();
    if (hubUrl !== null) return { key: hubUrl, url: hubUrl };
    const embedded = this.ensureEmbedded();
    try {
      // a restarted hub has another port: every call asks again
      return { key: EMBEDDED_HUB_KEY, url: await embedded.ready() };
    } catch (error) {
      // status 0, as for any hub that does not answer: the window goes offline at once
      const message = embedded.failure() ?? (error instanceof Error ? error.message : UNREACHABLE_MESSAGE);
      throw new HubError({ status: 0, serverError: true, errors: [{ message }] });
    }
  }

  /** The origin the window may load pictures from (the CSP's img-src). */
  hubOrigin(): string | null {
    const url = this.options.settings.hubUrl() ?? this.embedded?.url() ?? null;
    return url ? new URL(url).origin : null;
  }

  settings(): HubSettings {
    const hubUrl = this.options.settings.hubUrl();
    return {
      hubUrl,
      activeUrl: hubUrl ?? this.embedded?.url() ?? null,
      embeddedStatus: this.embedded?.status() ?? 'off',
      tokenPersistence: this.options.tokenPersistence,
    };
  }

  /** Switching to a company hub stops the embedded one; switching back starts it again. */
  async setHubUrl(url: string | null): Promise<HubSettings> {
    const next = url === null ? null : normalizeHubUrl(url);
    this.options.settings.setHubUrl(next);
    if (next !== null) await this.stopEmbedded();
    else this.ensureEmbedded().restart();
    return this.settings();
  }

  /** the built-in hub's state; 'off' while a company hub is used */
  hubStatus(): HubStatus {
    return this.embedded?.hubStatus() ?? HUB_STATUS_OFF;
  }

  /** 'Try again' after the built-in hub could not be restarted */
  restartEmbedded(): HubStatus {
    if (this.options.settings.hubUrl() !== null) return HUB_STATUS_OFF;
    const current = this.embedded;
    return current ? current.restart() : this.ensureEmbedded().hubStatus();
  }

  /** A deliberate stop (quit): the supervisor does not restart it. */
  async stop(): Promise<void> {
    await this.stopEmbedded();
  }

  private ensureEmbedded(): SupervisedHub {
    // One supervisor while the built-in hub is in use: it restarts the process itself, and once it
    // has given up, only 'Try again' or choosing the built-in hub again in Settings restart it
    // (not every request, or a poll would undo the giving up).
    if (this.embedded) return this.embedded;
    this.embedded = superviseEmbeddedHub({
      start: this.options.startEmbedded,
      onStatus: this.options.onHubStatus,
      log: this.options.log,
      policy: this.options.restartPolicy,
    });
    return this.embedded;
  }

  private async stopEmbedded(): Promise<void> {
    const embedded = this.embedded;
    this.embedded = null;
    if (embedded) await embedded.stop();
  }
}
