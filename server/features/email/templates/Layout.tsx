import type { ReactNode } from 'react';
import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';

// Every message's frame: the company's name on top, the message, and a footer that says why it
// came and links to the settings and the one-click unsubscribe. Inline styles only, no images
// and no scripts (mail clients strip the rest); one narrow column that reads on a phone; colours
// a dark-mode client may invert without losing the contrast.

export interface LayoutProps {
  company: string;
  /** the inbox's one-line preview */
  preview: string;
  /** the settings page at HUB_PUBLIC_URL */
  settingsUrl: string;
  /** one-click unsubscribe from this kind; none for the messages that cannot be turned off */
  unsubscribeUrl?: string | null;
  children: ReactNode;
}

const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const styles = {
  body: { backgroundColor: '#f5f5f5', color: '#242424', fontFamily: font, margin: 0, padding: '16px 0' },
  container: { backgroundColor: '#ffffff', border: '1px solid #e0e0e0', borderRadius: '6px', maxWidth: '560px', margin: '0 auto', padding: '20px 24px' },
  company: { color: '#0f6cbd', fontSize: '14px', fontWeight: 600, letterSpacing: '0.02em', margin: '0 0 12px' },
  heading: { fontSize: '20px', lineHeight: '28px', fontWeight: 600, margin: '0 0 12px' },
  text: { fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' },
  subheading: { fontSize: '16px', lineHeight: '24px', fontWeight: 600, margin: '16px 0 4px' },
  /** one row of a digest's list */
  line: { fontSize: '14px', lineHeight: '20px', margin: '0 0 4px' },
  button: { backgroundColor: '#0f6cbd', borderRadius: '4px', color: '#ffffff', display: 'inline-block', fontSize: '15px', fontWeight: 600, padding: '10px 18px', textDecoration: 'none' },
  footer: { color: '#616161', fontSize: '12px', lineHeight: '18px', margin: '0' },
  // underlined: a link inside a sentence must not be told by its colour alone (WCAG 1.4.1)
  link: { color: '#0f6cbd', textDecoration: 'underline' },
} as const;

export function Layout({ company, preview, settingsUrl, unsubscribeUrl, children }: LayoutProps) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        {/* what a browser's tab and a screen reader name the message by, when it is opened outside a mail client */}
        <title>{preview}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.company}>{company}</Text>
          <Section>{children}</Section>
          <Hr style={{ borderColor: '#e0e0e0', margin: '20px 0 12px' }} />
          <Text style={styles.footer}>
            {`${company}'s hub sent this message; replies are not read. `}
            <Link href={settingsUrl} style={styles.link}>Choose which messages you get</Link>
            {unsubscribeUrl ? (
              <>
                {' · '}
                <Link href={unsubscribeUrl} style={styles.link}>Unsubscribe from these</Link>
              </>
            ) : null}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
