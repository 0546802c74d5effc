// The page an unsubscribe link opens in a browser: a button that confirms (link checkers and
// mail scanners open links, and must not unsubscribe anyone), then what was done. Rendered with
// React like the messages; a page of its own, outside the web app, since it works signed out.

const page = { fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif", maxWidth: '32rem', margin: '3rem auto', padding: '0 1rem', lineHeight: 1.5 } as const;
const button = { font: 'inherit', padding: '0.5rem 1rem', borderRadius: '4px', border: '1px solid #0f6cbd', background: '#0f6cbd', color: '#fff', cursor: 'pointer' } as const;

export interface UnsubscribePageProps {
  company: string;
  /** what the kind is, in the settings' words */
  label: string | null;
  state: 'confirm' | 'done' | 'invalid';
  settingsUrl: string;
}

export function UnsubscribePage({ company, label, state, settingsUrl }: UnsubscribePageProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <title>{state === 'done' ? 'Unsubscribed' : 'Unsubscribe'}</title>
      </head>
      <body style={page}>
        <p>{company}</p>
        {state === 'invalid' && (
          <>
            <h1>This unsubscribe link is not valid</h1>
            <p>It may have been changed or cut short. Choose which messages you get in the hub&apos;s settings.</p>
          </>
        )}
        {state === 'confirm' && (
          <>
            <h1>Stop these e-mails?</h1>
            <p>{`You will no longer get e-mails for: ${label}. The hub still shows them in the app.`}</p>
            <form method="post">
              <button type="submit" style={button}>Unsubscribe</button>
            </form>
          </>
        )}
        {state === 'done' && (
          <>
            <h1>You are unsubscribed</h1>
            <p>{`You will no longer get e-mails for: ${label}.`}</p>
          </>
        )}
        <p><a href={settingsUrl}>Choose which messages you get</a></p>
      </body>
    </html>
  );
}
