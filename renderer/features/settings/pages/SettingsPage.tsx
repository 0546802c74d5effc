import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import {
  Badge, Button, Card, Field, Input, makeStyles, MessageBar, MessageBarBody, Radio, RadioGroup, Spinner, Text, tokens,
} from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { errorText } from '../../../lib/api';
import { PageFrame } from '../../../lib/components/PageFrame';
import { PATHS } from '../../../lib/paths';
import { userAtom } from '../../../lib/session/session';
import { useNotify } from '../../../lib/toast';
import { isDesktop } from '../../../lib/transport';
import { PasswordSettings } from '../../auth';
import { NotificationSettings } from '../../notifications';
import { ApiTokensSettings } from '../../api-tokens';
import { DesktopAppSettings } from '../components/DesktopAppSettings';
import { DataExportSettings } from '../components/DataExportSettings';
import { SessionsSettings } from '../components/SessionsSettings';
import { CalendarFeedsSettings } from '../components/CalendarFeedsSettings';
import { ThemeSettings } from '../components/ThemeSettings';
import { useHubSettings, useSetHubUrl } from '../api/settings';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalL, justifyContent: 'flex-start', padding: tokens.spacingHorizontalXXL, minHeight: '100vh', boxSizing: 'border-box', backgroundColor: tokens.colorNeutralBackground2 },
  card: { width: '100%', boxSizing: 'border-box', padding: tokens.spacingHorizontalXXL, gap: tokens.spacingVerticalL },
  // signed out (the desktop app before sign-in): one column of 560 px in the window's middle
  alone: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, width: '100%', maxWidth: '560px' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  status: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  actions: { display: 'flex', justifyContent: 'space-between' },
  // signed in, inside the shell: two columns of sections on a wide window (one column of 560 px
  // left most of it empty), one under the other when there is no room for two of 420 px
  sections: {
    display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(420px, 100%), 1fr))', alignItems: 'start',
    gap: tokens.spacingVerticalL, columnGap: tokens.spacingHorizontalL, width: '100%', maxWidth: '1200px',
  },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
});

const EMBEDDED_STATUS = { starting: 'starting', running: 'running', failed: 'failed to start', off: 'off' } as const;

/**
 * Which hub the desktop app uses: the embedded demo hub, or a company hub URL (design §1); once
 * signed in, the desktop app's tray and login switches, the person's theme,
 * password, sessions and notification switches.
 * Signed in, it is a screen of the shell like any other, with its header and side menu;
 * signed out, on the desktop, it stands alone, reached from the login page and back to it.
 */
export default function SettingsPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const user = useAtomValue(userAtom);
  const settings = useHubSettings();
  const save = useSetHubUrl();
  // The form shows the saved choice until it is edited, and again once the edit is saved.
  const [draft, setDraft] = useState<{ mode: 'embedded' | 'company'; url: string } | null>(null);
  const { mode, url } = draft ?? { mode: settings.data?.hubUrl ? 'company' : 'embedded', url: settings.data?.hubUrl ?? '' };
  const [urlError, setUrlError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    let hubUrl: string | null = null;
    if (mode === 'company') {
      try {
        const parsed = new URL(url.trim());
        if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('protocol');
        hubUrl = parsed.toString().replace(/\/$/, '');
      } catch {
        setUrlError('Enter the hub address, for example https://hub.example.com');
        return;
      }
    }
    save.mutate(hubUrl, { onSuccess: () => { setDraft(null); notify.success(); }, onError: () => notify.failure() });
  };

  const hub = isDesktop() && (
    <Card className={styles.card}>
      {user
        ? <Text as="h2" size={500} weight="semibold">Hub</Text>
        : <Text as="h1" size={700} weight="semibold">Settings</Text>}
      {settings.isPending && <Spinner label="Loading settings…" />}
      {settings.isError && <MessageBar intent="error"><MessageBarBody>{errorText(settings.error)}</MessageBarBody></MessageBar>}
      {settings.data && (
        <form className={styles.form} onSubmit={submit}>
          <Field label="Hub">
            <RadioGroup value={mode} onChange={(_, d) => setDraft({ mode: d.value === 'company' ? 'company' : 'embedded', url })}>
              <Radio value="embedded" label="Embedded demo hub on this computer" />
              <Radio value="company" label="Company hub" />
            </RadioGroup>
          </Field>
          {mode === 'company' && (
            <Field label="Company hub URL" required validationMessage={urlError}>
              <Input type="url" value={url} placeholder="https://hub.example.com" onChange={(_, d) => { setDraft({ mode, url: d.value }); setUrlError(undefined); }} />
            </Field>
          )}
          <div className={styles.status}>
            <Text>Now using:</Text>
            <Badge appearance="outline">{settings.data.activeUrl ?? 'no hub yet'}</Badge>
            {!settings.data.hubUrl && <Badge appearance="tint">embedded hub {EMBEDDED_STATUS[settings.data.embeddedStatus]}</Badge>}
          </div>
          {settings.data.tokenPersistence === 'memory' && (
            <MessageBar intent="warning">
              <MessageBarBody>
                This computer offers no encrypted key store, so your sign-in is kept in memory only: you will sign in again after restarting the app.
              </MessageBarBody>
            </MessageBar>
          )}
          {save.isError && <MessageBar intent="error"><MessageBarBody>{errorText(save.error)}</MessageBarBody></MessageBar>}
          <div className={styles.actions}>
            {user ? <span /> : <Button icon={<ArrowLeftRegular />} onClick={() => navigate(PATHS.login)}>Back</Button>}
            <Button type="submit" appearance="primary" disabledFocusable={save.isPending} icon={save.isPending ? <Spinner size="tiny" /> : undefined}>Save</Button>
          </div>
        </form>
      )}
    </Card>
  );

  // the app's own switches need nobody signed in
  const desktopApp = isDesktop() && <DesktopAppSettings />;
  if (!user) return <main className={styles.page}><div className={styles.alone}>{hub}{desktopApp}</div></main>;
  return (
    <PageFrame title="Settings">
      <div className={styles.sections}>
        {/* the app and the account; then what the hub sends out. In one column, this order */}
        <div className={styles.column}>
          {hub}
          {desktopApp}
          <ThemeSettings />
          <PasswordSettings user={user} />
          <SessionsSettings />
          <ApiTokensSettings user={user} />
        </div>
        <div className={styles.column}>
          <NotificationSettings />
          <CalendarFeedsSettings />
          <DataExportSettings user={user} />
        </div>
      </div>
    </PageFrame>
  );
}
