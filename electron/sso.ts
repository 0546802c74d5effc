import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { loginResultSchema } from '../shared/api/auth';
import { HubError } from '../shared/api/hub-error';
import { SSO_MESSAGES } from '../shared/api/sso';
import type { SessionState } from '../shared/ipc';
import type { HubClient, HubTarget } from './hub-client';
import type { TokenStore } from './token-store';

// Single sign-on from the desktop app (docs/operations.md 'Single sign-on'), as native apps should
// (RFC 8252): the system browser does the provider's sign-in, the code comes back to a loopback
// listener main starts for one request, and main completes the sign-in with the hub and keeps the
// token. The renderer never sees the code or the token.

export interface DesktopSsoDeps {
  hub: Pick<HubClient, 'request'>;
  tokens: Pick<TokenStore, 'set'>;
  resolveTarget: () => Promise<HubTarget>;
  /** shell.openExternal */
  openExternal: (url: string) => Promise<void>;
  /** how long the browser sign-in may take */
  timeoutMs?: number;
}

export interface DesktopSso {
  oidc(): Promise<SessionState>;
  ldap(username: string, password: string): Promise<SessionState>;
}

export const BROWSER_TIMEOUT_MS = 5 * 60 * 1000;
export const TIMED_OUT_MESSAGE = 'The sign-in in the browser was not finished in time. Please try again.';

const startSchema = z.object({ authorizationUrl: z.string() });

const PAGE = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;text-align:center;margin-top:15vh"><h1>${title}</h1><p>${text}</p></body></html>`;

const refused = (status: number, message: string) => new HubError({ status, serverError: false, errors: [{ message }] });
const malformed = () => new HubError({ status: 502, serverError: true, errors: [{ message: 'The hub answered in an unexpected shape.' }] });

interface Callback {
  code?: string;
  state?: string;
  iss?: string;
  error?: string;
}

/**
 * One loopback listener on 127.0.0.1 and a free port, answering GET /callback once. Anything else
 * (a favicon, a stray request) gets a 404 and does not end the wait.
 */
export async function loopbackListener(timeoutMs: number): Promise<{ redirectUri: string; callback: Promise<Callback>; close: () => void }> {
  let settle!: { resolve: (c: Callback) => void; reject: (e: Error) => void };
  const callback = new Promise<Callback>((resolve, reject) => (settle = { resolve, reject }));
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== '/callback') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const params = Object.fromEntries(['code', 'state', 'iss', 'error'].map((k) => [k, url.searchParams.get(k) ?? undefined]));
    const ok = !params.error && !!params.code;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(ok ? PAGE('Signed in', 'You can close this tab and return to Bitstone Hub.') : PAGE('Sign-in not finished', 'Return to Bitstone Hub and try again.'));
    settle.resolve(params);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const timer = setTimeout(() => settle.reject(refused(408, TIMED_OUT_MESSAGE)), timeoutMs);
  const close = () => {
    clearTimeout(timer);
    server.closeAllConnections();
    server.close();
  };
  void callback.then(close, close);
  return { redirectUri: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`, callback, close };
}

export function createDesktopSso(deps: DesktopSsoDeps): DesktopSso {
  /** Keeps the token in main, as HubClient.login does; the renderer gets the session state only. */
  async function adopt(raw: unknown, target: HubTarget): Promise<SessionState> {
    const result = loginResultSchema.safeParse(raw);
    if (!result.success) throw malformed();
    deps.tokens.set(target.key, result.data.accessToken);
    return { signedIn: true, user: result.data.user, firstLogin: result.data.firstLogin, passwordMustChange: result.data.passwordMustChange };
  }

  return {
    async oidc() {
      const target = await deps.resolveTarget();
      const listener = await loopbackListener(deps.timeoutMs ?? BROWSER_TIMEOUT_MS);
      try {
        const started = startSchema.safeParse(
          await deps.hub.request({ method: 'POST', path: '/auth/oidc/start', body: { redirectUri: listener.redirectUri } }, { endSessionOn401: false }),
        );
        if (!started.success) throw malformed();
        const authorizationUrl = new URL(started.data.authorizationUrl);
        if (authorizationUrl.protocol !== 'https:' && authorizationUrl.protocol !== 'http:') throw malformed();
        // the state the hub chose: a request to the listener carrying another one is not our sign-in
        const expectedState = authorizationUrl.searchParams.get('state');
        await deps.openExternal(authorizationUrl.toString());
        const answer = await listener.callback;
        if (answer.error) throw refused(401, answer.error === 'access_denied' ? SSO_MESSAGES.denied : SSO_MESSAGES.providerRefused);
        if (!answer.code || !answer.state || answer.state !== expectedState) throw refused(400, SSO_MESSAGES.unknownState);
        const raw = await deps.hub.request({ method: 'POST', path: '/auth/oidc/complete', body: { code: answer.code, state: answer.state, iss: answer.iss } }, { endSessionOn401: false });
        return await adopt(raw, target);
      } finally {
        listener.close();
      }
    },

    async ldap(username, password) {
      const target = await deps.resolveTarget();
      // a wrong password is a 401 too, but no session existed, so nothing "ends"
      const raw = await deps.hub.request({ method: 'POST', path: '/auth/ldap', body: { username, password } }, { endSessionOn401: false });
      return adopt(raw, target);
    },
  };
}
