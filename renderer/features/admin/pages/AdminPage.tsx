import { Suspense } from 'react';
import { makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { useSearchParams } from 'react-router-dom';
import { PageFrame } from '../../../lib/components/PageFrame';
import { AccessTab } from '../components/AccessTab';
import { AuditTab } from '../components/AuditTab';
import { JobsTab } from '../components/JobsTab';
import { LinksTab } from '../components/LinksTab';
import { TeamsTab } from '../components/TeamsTab';
import { UsersTab } from '../components/UsersTab';
import { DesktopTab } from '../components/desktop-releases/DesktopTab';
import { RetentionTab } from '../components/retention/RetentionTab';
import { EmailTab } from '../components/email/EmailTab';
import { WebhooksTab } from '../components/webhooks/WebhooksTab';
import { ImportsPanel } from '../../imports';
import { SignInSettings } from '../../auth';
import { AdminApiTokensTab } from '../../api-tokens';
import { Loading } from '../../../lib/components/Loading';

// reflow (WCAG 1.4.10): the tabs wrap onto a second line in a narrow window rather than run off it
const useStyles = makeStyles({ tabs: { marginBottom: tokens.spacingVerticalS, flexWrap: 'wrap' } });

// spec §2 Admin area: tabs Users, Teams, Roles (jobs), Links, Access (roles and capabilities);
// beyond the spec the Audit tab and the Imports tab (design §3: import status visible to admins). The tab lives in the address (?tab=teams) so it survives a reload.
const TABS = [
  { key: 'users', label: 'Users' },
  { key: 'teams', label: 'Teams' },
  { key: 'roles', label: 'Roles' },
  { key: 'links', label: 'Links' },
  { key: 'access', label: 'Access' },
  { key: 'audit', label: 'Audit' },
  { key: 'imports', label: 'Imports' },
  // company sign-in and the local passwords switch
  { key: 'sign-in', label: 'Sign-in' },
  // everyone's personal API tokens, to revoke one that leaked
  { key: 'api-tokens', label: 'API tokens' },
  // the hub as the desktop app's update server
  { key: 'desktop', label: 'Desktop app' },
  // how long records that need not live for ever are kept, and what the job removed
  { key: 'retention', label: 'Retention' },
  // the relay the hub sends e-mail through, a test message, the outbox
  { key: 'email', label: 'E-mail' },
  // the addresses the hub posts its events to, signed, and what they answered
  { key: 'webhooks', label: 'Webhooks' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

function tabOf(value: string | null): TabKey {
  return TABS.find((t) => t.key === value)?.key ?? 'users';
}

export default function AdminPage() {
  const styles = useStyles();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  return (
    <PageFrame title="Admin">
      <TabList
        className={styles.tabs}
        selectedValue={tab}
        onTabSelect={(_, d) => setParams({ tab: String(d.value) }, { replace: true })}
        aria-label="Admin sections"
      >
        {TABS.map((t) => <Tab key={t.key} value={t.key}>{t.label}</Tab>)}
      </TabList>
      <div role="tabpanel" aria-label={TABS.find((t) => t.key === tab)?.label}>
        {tab === 'users' && <UsersTab />}
        {tab === 'teams' && <TeamsTab />}
        {tab === 'roles' && <JobsTab />}
        {tab === 'links' && <LinksTab />}
        {tab === 'access' && <AccessTab />}
        {tab === 'audit' && <AuditTab />}
        {tab === 'imports' && <Suspense fallback={<Loading />}><ImportsPanel /></Suspense>}
        {tab === 'sign-in' && <SignInSettings />}
        {tab === 'api-tokens' && <AdminApiTokensTab />}
        {tab === 'desktop' && <DesktopTab />}
        {tab === 'retention' && <RetentionTab />}
        {tab === 'email' && <EmailTab />}
        {tab === 'webhooks' && <WebhooksTab />}
      </div>
    </PageFrame>
  );
}
