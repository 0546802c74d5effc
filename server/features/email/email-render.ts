import { render, toPlainText } from '@react-email/render';
import type { EmailConfig } from './email-config';
import { EMAIL_KINDS, SETTINGS_PATH, type EmailKind, type EmailParams } from './email-kinds';

// One outbox row's e-mail, rendered: the subject, the HTML and the plain text from one template,
// and the headers every message carries (docs/operations.md 'What every message carries').

export interface EmailPayload<K extends EmailKind = EmailKind> {
  to: string;
  toName: string;
  params: EmailParams[K];
  /** the signed one-click unsubscribe address for this person and kind; none for security messages */
  unsubscribeUrl?: string | null;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

export async function renderEmail<K extends EmailKind>(config: Pick<EmailConfig, 'company' | 'publicUrl'>, kind: K, payload: EmailPayload<K>): Promise<RenderedEmail> {
  const spec = EMAIL_KINDS[kind];
  const unsubscribeUrl = payload.unsubscribeUrl ?? null;
  const element = spec.render(payload.params, { company: config.company, publicUrl: config.publicUrl, settingsUrl: `${config.publicUrl}${SETTINGS_PATH}`, unsubscribeUrl });
  const html = await render(element);
  const headers: Record<string, string> = {
    // RFC 3834: no out-of-office answers, no loops with other robots
    'Auto-Submitted': 'auto-generated',
    'X-Auto-Response-Suppress': 'All',
  };
  if (unsubscribeUrl) {
    // RFC 8058 one-click: the mail client POSTs List-Unsubscribe=One-Click to the address
    headers['List-Unsubscribe'] = `<${unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  // headings as written, not in capitals (html-to-text's default)
  const text = toPlainText(html, { selectors: [1, 2, 3].map((n) => ({ selector: `h${n}`, options: { uppercase: false } })) });
  return { subject: spec.subject(payload.params), html, text, headers };
}
