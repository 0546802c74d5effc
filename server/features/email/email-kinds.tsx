import type { ReactElement } from 'react';
import { NOTIFICATION_LINKS } from '../notifications';
import type { EmailConfig } from './email-config';
import { ApprovalDecidedMessage, ApprovalRequestedMessage, TestMessage } from './templates/Messages';

// What each kind of e-mail says: its subject, in words (docs/operations.md 'What the hub sends'),
// and the template that renders its HTML and its plain text. The outbox row keeps the kind and
// these parameters; the message is rendered when it is sent, the same on every attempt.

export interface EmailParams {
  test: { name: string };
  approval_requested: { requester: string; action: 'complete' | 'delete'; title: string };
  approval_decided: { decider: string; outcome: 'completed' | 'deleted' | 'sent back'; title: string; objectiveId: number };
}
export type EmailKind = keyof EmailParams;

export const SETTINGS_PATH = '/settings';

interface KindSpec<K extends EmailKind> {
  subject(params: EmailParams[K]): string;
  render(params: EmailParams[K], frame: { company: string; settingsUrl: string; unsubscribeUrl: string | null; publicUrl: string }): ReactElement;
}

const link = (config: Pick<EmailConfig, 'publicUrl'>, path: string) => `${config.publicUrl}${path}`;

export const EMAIL_KINDS: { [K in EmailKind]: KindSpec<K> } = {
  test: {
    subject: () => 'Test e-mail from the hub',
    render: (p, frame) => <TestMessage {...frame} name={p.name} />,
  },
  approval_requested: {
    subject: (p) => `${p.requester} asks you to approve ${p.action === 'delete' ? 'deleting ' : ''}'${p.title}'`,
    render: (p, frame) => <ApprovalRequestedMessage {...frame} {...p} url={link(frame, NOTIFICATION_LINKS.approvals)} />,
  },
  approval_decided: {
    subject: (p) =>
      p.outcome === 'sent back' ? `${p.decider} sent '${p.title}' back to in progress` : `${p.decider} approved ${p.outcome === 'deleted' ? 'deleting' : 'completing'} '${p.title}'`,
    render: (p, frame) => (
      <ApprovalDecidedMessage {...frame} decider={p.decider} outcome={p.outcome} title={p.title} url={link(frame, p.outcome === 'deleted' ? NOTIFICATION_LINKS.objectives : NOTIFICATION_LINKS.objective(p.objectiveId))} />
    ),
  },
};
