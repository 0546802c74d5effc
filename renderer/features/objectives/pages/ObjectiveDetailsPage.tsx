import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowLeftRegular, EditRegular } from '@fluentui/react-icons';
import type { KeyResult } from '../../../../shared/api/objectives';
import { errorText } from '../../../lib/api';
import { CopyLinkButton } from '../../../lib/components/CopyLinkButton';
import { Loading } from '../../../lib/components/Loading';
import { OpenInDesktopApp } from '../../../lib/components/OpenInDesktopApp';
import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';
import { PATHS } from '../../../lib/paths';
import { useObjective } from '../api/objectives';
import { AlignmentPanel } from '../components/AlignmentPanel';
import { HubErrors } from '../components/HubErrors';
import { KeyResultCard } from '../components/KeyResultCard';
import { KeyResultFormDialog } from '../components/KeyResultFormDialog';
import { ObjectiveFormDialog } from '../components/ObjectiveFormDialog';
import { ObjectiveSummary } from '../components/ObjectiveSummary';
import { StatusMenu } from '../components/StatusMenu';
import { useKeyResultCommands } from '../hooks/use-key-result-commands';
import { useObjectiveAction } from '../hooks/use-objective-action';
import { canAddKeyResult } from '../key-result-rules';
import { useOffline } from '../../../lib/offline';
import { ObjectivesOfflineBanner } from '../offline';
import { detailsPath } from '../paths';

const useStyles = makeStyles({
  bar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(280px, 100%), 1fr))', gap: tokens.spacingHorizontalL },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const parseId = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

/** spec §2 Objective details: the objective and its key results; read-only hides Add KeyResult, Edit and the menu. */
export default function ObjectiveDetailsPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const objective = useObjective(id);
  const [editing, setEditing] = useState(false);
  const [krDialog, setKrDialog] = useState<{ keyResult: KeyResult | null } | null>(null);
  const actions = useObjectiveAction('details', () => navigate(PATHS.objectives));
  const krCommands = useKeyResultCommands((k) => setKrDialog({ keyResult: k }));
  const offline = useOffline();
  const back = <Button appearance="subtle" icon={<ArrowLeftRegular />} onClick={() => navigate(PATHS.objectives)}>Objectives</Button>;

  if (id === null) return <PageFrame title="Objective details" actions={back}><EmptyState title="No objective chosen" /></PageFrame>;
  if (objective.isPending) return <PageFrame title="Objective details"><Loading label="Loading objective…" /></PageFrame>;
  if (objective.isError) {
    return (
      <PageFrame title="Objective details" actions={back}>
        {/* offline with nothing kept for it: the banner says the app is offline, the text why this is empty */}
        <ObjectivesOfflineBanner />
        <Text role="alert" className={styles.error}>{errorText(objective.error)}</Text>
      </PageFrame>
    );
  }
  const o = objective.data;
  const busy = actions.busy || krCommands.busy || offline;
  return (
    <PageFrame
      title={o.title}
      actions={
        <div className={styles.bar}>
          {back}
          {/* 'Copy link': a link to this objective, for anyone who may see it */}
          <CopyLinkButton appPath={detailsPath(o.id)} />
          <OpenInDesktopApp appPath={detailsPath(o.id)} />
          {!o.readOnly && (
            <>
              <Button icon={<AddRegular />} disabled={busy || !canAddKeyResult(o)} onClick={() => setKrDialog({ keyResult: null })}>Add KeyResult</Button>
              <Button icon={<EditRegular />} disabled={busy} onClick={() => setEditing(true)}>Edit</Button>
              <StatusMenu actions={o.availableActions} onAction={(a) => actions.start(o, a)} disabled={busy} label="Status actions" />
            </>
          )}
        </div>
      }
    >
      <ObjectivesOfflineBanner />
      <HubErrors />
      <ObjectiveSummary objective={o} />
      <Text as="h2" size={500} weight="semibold">Alignment</Text>
      <AlignmentPanel objective={o} disabled={busy} />
      <Text as="h2" size={500} weight="semibold">Key results</Text>
      {o.keyResults.length === 0 ? (
        <EmptyState title="No key results yet" />
      ) : (
        <div className={styles.grid}>
          {o.keyResults.map((k) => <KeyResultCard key={k.id} keyResult={k} readOnly={o.readOnly} disabled={busy} onCommand={krCommands.run} objectiveStatus={o.status} />)}
        </div>
      )}
      <ObjectiveFormDialog open={editing} objective={o} onClose={() => setEditing(false)} />
      <KeyResultFormDialog objective={krDialog ? o : null} keyResult={krDialog?.keyResult ?? null} onClose={() => setKrDialog(null)} />
      {actions.dialog}
      {krCommands.dialog}
    </PageFrame>
  );
}
