import { Button, Heading, Text } from '@react-email/components';
import type { WeeklyDigestParams } from '../digest-params';
import { Layout, styles, type LayoutProps } from './Layout';

// One component per kind of message (email-kinds.ts says which renders which). Each says what
// happened in words and links to the one screen that acts on it.

type Frame = Omit<LayoutProps, 'children' | 'preview'>;

export function TestMessage(props: Frame & { name: string; publicUrl: string }) {
  return (
    <Layout {...props} preview="The hub can send you e-mail.">
      <Heading as="h1" style={styles.heading}>The hub can send you e-mail</Heading>
      <Text style={styles.text}>{`Hello ${props.name}, this is the test message you asked for in Admin → E-mail. It went from the hub through its relay to you, so the hub's messages will arrive.`}</Text>
      <Button href={props.publicUrl} style={styles.button}>Open the hub</Button>
    </Layout>
  );
}

export function ApprovalRequestedMessage(props: Frame & { requester: string; action: 'complete' | 'delete'; title: string; url: string }) {
  const ask = `${props.requester} asks you to approve ${props.action === 'delete' ? 'deleting' : 'completing'} '${props.title}'.`;
  return (
    <Layout {...props} preview={ask}>
      <Heading as="h1" style={styles.heading}>An objective waits for your approval</Heading>
      <Text style={styles.text}>{ask}</Text>
      <Text style={styles.text}>You, or another lead of the team, may approve it or send it back.</Text>
      <Button href={props.url} style={styles.button}>Open Approvals</Button>
    </Layout>
  );
}

export function ApprovalDecidedMessage(props: Frame & { decider: string; outcome: 'completed' | 'deleted' | 'sent back'; title: string; url: string }) {
  const said =
    props.outcome === 'sent back'
      ? `${props.decider} sent '${props.title}' back to in progress.`
      : props.outcome === 'deleted'
        ? `${props.decider} approved deleting '${props.title}'.`
        : `${props.decider} approved completing '${props.title}'.`;
  return (
    <Layout {...props} preview={said}>
      <Heading as="h1" style={styles.heading}>{props.outcome === 'sent back' ? 'Your objective was sent back' : 'Your request was approved'}</Heading>
      <Text style={styles.text}>{said}</Text>
      <Button href={props.url} style={styles.button}>{props.outcome === 'deleted' ? 'Open your objectives' : 'Open the objective'}</Button>
    </Layout>
  );
}

/** Security messages: they cannot be turned off, and say what to do if it was not the reader. */
export function SecurityMessage(props: Frame & { heading: string; said: string; url: string; action: string }) {
  return (
    <Layout {...props} preview={props.said}>
      <Heading as="h1" style={styles.heading}>{props.heading}</Heading>
      <Text style={styles.text}>{props.said}</Text>
      <Text style={styles.text}>If this was not you, tell your administrator at once.</Text>
      <Button href={props.url} style={styles.button}>{props.action}</Button>
    </Layout>
  );
}

/** A notice about the reader's own work (a deadline, the weekly check-in, an evaluation): what, and where to act. */
export function NoticeMessage(props: Frame & { heading: string; said: string; url: string; action: string }) {
  return (
    <Layout {...props} preview={props.said}>
      <Heading as="h1" style={styles.heading}>{props.heading}</Heading>
      <Text style={styles.text}>{props.said}</Text>
      <Button href={props.url} style={styles.button}>{props.action}</Button>
    </Layout>
  );
}

/** The daily digest: each message held since the last, in the order they came, and one way in. */
export function DigestMessage(props: Frame & { items: Array<{ subject: string; at: string }>; url: string }) {
  const count = props.items.length === 1 ? '1 update' : `${props.items.length} updates`;
  return (
    <Layout {...props} preview={`${count} from the hub`}>
      <Heading as="h1" style={styles.heading}>{`Your daily digest: ${count}`}</Heading>
      {props.items.map((item, i) => (
        <Text key={i} style={styles.text}>{`${item.at.slice(0, 16).replace('T', ' ')} UTC · ${item.subject}`}</Text>
      ))}
      <Text style={styles.text}>Each one is in the hub's notifications too, with its link.</Text>
      <Button href={props.url} style={styles.button}>Open the hub</Button>
    </Layout>
  );
}

/** Monday's digest of a lead's teams: four short lists, each pointing to the screen with the rest. */
export function WeeklyDigestMessage(props: Frame & { digest: WeeklyDigestParams; plansUrl: string; approvalsUrl: string }) {
  const d = props.digest;
  const section = (title: string, lines: string[], more: boolean) => lines.length === 0 ? null : (
    <>
      <Heading as="h2" style={styles.subheading}>{title}</Heading>
      {lines.map((line, i) => <Text key={i} style={styles.line}>{line}</Text>)}
      {more && <Text style={styles.line}>…and more on the hub.</Text>}
    </>
  );
  return (
    <Layout {...props} preview={`The week of ${d.week} for ${d.teams.join(', ')}`}>
      <Heading as="h1" style={styles.heading}>{`Your teams this week (${d.week})`}</Heading>
      <Text style={styles.text}>{`For ${d.teams.join(', ')}.`}</Text>
      {section('Due this week', d.due.map((o) => `${o.deadline} · ${o.title} (${o.owner})`), d.more.due)}
      {section('Overdue', d.overdue.map((o) => `${o.deadline} · ${o.title} (${o.owner})`), d.more.overdue)}
      {section('Waiting for your approval', d.approvals.map((a) => `${a.title} (${a.owner})`), d.more.approvals)}
      {section('Out this week', d.out.map((o) => `${o.name}: ${o.from === o.to ? o.from : `${o.from} to ${o.to}`}`), d.more.out)}
      <Button href={d.approvals.length > 0 ? props.approvalsUrl : props.plansUrl} style={styles.button}>{d.approvals.length > 0 ? 'Open Approvals' : 'Open Plans'}</Button>
    </Layout>
  );
}
