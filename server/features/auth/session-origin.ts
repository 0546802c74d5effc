import { CLIENT_HEADER, USER_AGENT_MAX } from '../../../shared/api/sessions';
import type { SessionOrigin } from './sessions';

/**
 * How a session is being opened, from the sign-in request (Settings → Sessions): the
 * desktop app says so in its own header (electron/hub-client.ts), anything else is the web. The
 * User-Agent is kept short and printable: it is shown back to its owner, nothing more.
 */
export function sessionOriginOf(request: { headers: Record<string, string | string[] | undefined>; ip: string }): SessionOrigin & { address: string } {
  const client = request.headers[CLIENT_HEADER] === 'desktop' ? 'desktop' : 'web';
  const agent = request.headers['user-agent'];
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const printable = typeof agent === 'string' ? agent.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, USER_AGENT_MAX) : '';
  return { client, userAgent: printable || null, address: request.ip };
}
