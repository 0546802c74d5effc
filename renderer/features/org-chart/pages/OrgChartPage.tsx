import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Button, makeStyles, Spinner, Switch, Text, Tooltip, tokens } from '@fluentui/react-components';
import { ArrowMaximizeRegular, ZoomInRegular, ZoomOutRegular } from '@fluentui/react-icons';
import { hasCapability } from '../../../../shared/rules/permissions';
import { errorText } from '../../../lib/api';
import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';
import { profilePath } from '../../../lib/paths';
import { userAtom } from '../../../lib/session/session';
import { useOrgChart } from '../api/org-chart';
import { ZOOM } from '../chart-view';
import { OrgChartCanvas, type OrgChartHandle } from '../components/OrgChartCanvas';
import { PersonSearch } from '../components/PersonSearch';
import { buildForest, layoutTree } from '../tree-layout';

const useStyles = makeStyles({
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  hint: { color: tokens.colorNeutralForeground3 },
});

/** The org chart: who reports to whom, for everyone the directory shows the viewer. */
export default function OrgChartPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  const canSeeArchived = hasCapability(user, 'VIEW_ARCHIVED_USERS');
  const [includeArchived, setIncludeArchived] = useState(false);
  const chart = useOrgChart(canSeeArchived && includeArchived);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const canvas = useRef<OrgChartHandle>(null);

  const list = chart.data?.people;
  const people = useMemo(() => new Map((list ?? []).map((p) => [p.id, p])), [list]);
  const forest = useMemo(() => buildForest(list ?? []), [list]);
  const layout = useMemo(() => layoutTree(forest, collapsed), [forest, collapsed]);

  const onToggle = useCallback((id: number) => setCollapsed((current) => {
    const next = new Set(current);
    if (!next.delete(id)) next.add(id);
    return next;
  }), []);
  const onExpand = useCallback((ids: number[]) => setCollapsed((current) => new Set([...current].filter((id) => !ids.includes(id)))), []);
  const onOpen = useCallback((id: number) => navigate(profilePath(id)), [navigate]);

  const actions = (
    <div className={styles.toolbar}>
      {list && <PersonSearch people={list} onPick={(id) => canvas.current?.centre(id)} />}
      <Tooltip content="Zoom in" relationship="label"><Button icon={<ZoomInRegular />} onClick={() => canvas.current?.zoomBy(ZOOM.step)} /></Tooltip>
      <Tooltip content="Zoom out" relationship="label"><Button icon={<ZoomOutRegular />} onClick={() => canvas.current?.zoomBy(1 / ZOOM.step)} /></Tooltip>
      <Tooltip content="Show the whole chart" relationship="label"><Button icon={<ArrowMaximizeRegular />} onClick={() => canvas.current?.showWhole()} /></Tooltip>
      <Button onClick={() => setCollapsed(new Set())} disabled={collapsed.size === 0}>Expand all</Button>
      {canSeeArchived && <Switch label="Show archived" checked={includeArchived} onChange={(_, d) => setIncludeArchived(d.checked)} />}
    </div>
  );

  return (
    <PageFrame title="Org chart" actions={actions}>
      {chart.isPending ? (
        <Spinner label="Loading the org chart…" />
      ) : chart.isError ? (
        <EmptyState title="The org chart could not be loaded">{errorText(chart.error)}</EmptyState>
      ) : people.size === 0 ? (
        <EmptyState title="Nobody to show">The directory shows you no one yet.</EmptyState>
      ) : (
        <>
          <Text size={200} className={styles.hint}>
            {`${people.size} people. Drag or scroll to move, Ctrl + scroll to zoom; arrow keys move between people, Enter opens a profile, Space folds a team.`}
          </Text>
          <OrgChartCanvas
            ref={canvas} people={people} forest={forest} layout={layout} collapsed={collapsed}
            onExpand={onExpand} onToggle={onToggle} onOpen={onOpen}
          />
        </>
      )}
    </PageFrame>
  );
}
