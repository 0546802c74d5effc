import { HubError, UNREACHABLE_MESSAGE } from '../shared/api/hub-error';
import type { HubSettings } from '../shared/ipc';
import type { EmbeddedHub } from './embedded-hub';
import type { HubTarget } from './hub-client';
import type { SettingsStore } from './settings';
import { normalizeHubUrl } from './settings';
import type { TokenPersistence } from './token-store';

export interface HubConnectionOptions {
  settings: SettingsStore;
  tokenPersistence: TokenPersistence;
  startEmbedded: () => EmbeddedHub;
}

/** The token store's name for the built-in hub: its port changes at every start, its data does not. */
export const EMBEDDED_HUB_KEY = 'embedded';

/**
 * Which hub the app talks to (issue 4): the embedded one when no hub URL is set, else the
 * company hub. Owns the embedded hub's process, hence a class.
 */
export class HubConnection {
  private embedded: EmbeddedHub | null = null;

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
      return { key: EMBEDDED_HUB_KEY, url: await embedded.ready };
    } catch {
      throw new HubError({ status: 503, serverError: true, errors: [{ message: embedded.failure() ?? UNREACHABLE_MESSAGE }] });
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
    else this.ensureEmbedded();
    return this.settings();
  }

  async stop(): Promise<void> {
    await this.stopEmbedded();
  }

  private ensureEmbedded(): EmbeddedHub {
    const current = this.embedded;
    // A failed hub is started again when the user asks for it again (Settings, next sign-in).
    if (current && current.status() !== 'failed' && current.status() !== 'off') return current;
    this.embedded = this.options.startEmbedded();
    return this.embedded;
  }

  private async stopEmbedded(): Promise<void> {
    const embedded = this.embedded;
    this.embedded = null;
    if (embedded) await embedded.stop();
  }
}
