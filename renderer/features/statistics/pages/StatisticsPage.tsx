import { useCallback, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Card, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { statisticsQuerySchema, type StatisticsQuery } from '../../../../shared/api/statistics';
import { canFilterStatisticsByTeam } from '../../../../shared/rules/statistics-access';
import { defaultStatisticsRange } from '../../../../shared/rules/statistics-range';
import { errorText } from '../../../lib/api';
import { Loading } from '../../../lib/components/Loading';
import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';
import { userAtom } from '../../../lib/session/session';
import { useJobChoices, useStatistics } from '../api/statistics';
import { AlignmentFigures } from '../components/AlignmentFigures';
import { liesDown, lyingHeight, splitBars, teamBars } from '../components/chart-options';
import { splitSummary, teamSummary } from '../components/chart-summary';
import { byTeamNote } from '../components/count-notes';
import { useChartPalette } from '../components/chart-palette';
import { EChart, type ChartOption } from '../components/EChart';
import { withPatterns } from '../components/forced-colors';
import { EmployeeTable } from '../components/EmployeeTable';
import { LoginTable, SplitTable, TeamTable } from '../components/FigureTables';
import { StatisticsFilters } from '../components/StatisticsFilters';

const useStyles = makeStyles({
  // reflow (WCAG 1.4.10): a window narrower than one card gives the card its whole width
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(520px, 100%), 1fr))', gap: tokens.spacingHorizontalL },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingVerticalL, containerType: 'inline-size' },
  // the table at its content's width up to 45 % of the card (names wrap, numbers never), the chart the rest
  pair: {
    display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) fit-content(45%)', gap: tokens.spacingHorizontalM, alignItems: 'start',
    // In a card too narrow for both (two cards side by side at 1366 px, or a narrow window: reflow,
    // WCAG 1.4.10) the table goes under the chart, each the card's width, so a bar keeps room for
    // its one-word name ('Management') under it.
    '@container (max-width: 760px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  error: { color: tokens.colorPaletteRedForeground1 },
  status: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', minHeight: '24px' },
});

const initialQuery = (): StatisticsQuery => ({ ...defaultStatisticsRange() });

/** spec §2 /objective-tracking/statistics: filters, then charts each with its table. */
export default function StatisticsPage() {
  const s = useStyles();
  const user = useAtomValue(userAtom);
  const [query, setQuery] = useState<StatisticsQuery>(initialQuery);
  const parsed = statisticsQuerySchema.safeParse(query);
  const [applied, setApplied] = useState<StatisticsQuery>(query);
  const stats = useStatistics(applied);
  const jobs = useJobChoices();
  const showTeam = !!user && canFilterStatisticsByTeam(user);

  const change = (next: StatisticsQuery) => {
    setQuery(next);
    if (statisticsQuerySchema.safeParse(next).success) setApplied(next);
  };
  const rangeError = parsed.success ? undefined : parsed.error.issues[0]?.message;

  const data = stats.data;
  const palette = useChartPalette();
  const { series: colors, system } = palette;
  const patterned = useMemo(() => (system ? (o: ChartOption) => withPatterns(o, system) : (o: ChartOption) => o), [system]);
  // each a function of the width the chart is drawn in: in a narrow card the bars lie down
  const teamOption = useCallback((width: number) => patterned(teamBars(data?.byTeam ?? [], colors, width)), [data, colors, patterned]);
  const teamCount = data?.byTeam.length ?? 0;
  const teamHeight = useCallback((width: number) => (liesDown(teamCount, width) ? lyingHeight(teamCount) + 24 : 320), [teamCount]);
  const statusRows = useMemo(() => (data?.byStatus.items ?? []).map((r) => ({ name: r.status, ...r })), [data]);
  const categoryRows = useMemo(() => (data?.byCategory.items ?? []).map((r) => ({ name: r.category, ...r })), [data]);
  const statusOption = useCallback((width: number) => patterned(splitBars(statusRows, colors, width)), [statusRows, colors, patterned]);
  const categoryOption = useCallback((width: number) => patterned(splitBars(categoryRows, colors, width)), [categoryRows, colors, patterned]);
  const teamNote = data ? byTeamNote(data.byStatus.total, data.noTeam) : null;

  return (
    <PageFrame title="Statistics">
      <StatisticsFilters
        value={query}
        teams={data?.allTeams ?? []}
        jobs={jobs.data?.items ?? []}
        showTeam={showTeam}
        rangeError={rangeError}
        onChange={change}
        onReset={() => change(initialQuery())}
      />
      <div className={s.status} aria-live="polite">
        {stats.isFetching && data && <Spinner size="tiny" label="Updating…" />}
        {stats.isError && <Text role="alert" className={s.error}>{errorText(stats.error)}</Text>}
      </div>
      {!data && stats.isPending && <Loading />}
      {data && data.byStatus.total === 0 && <EmptyState title="No objectives in this range">Change the filters or widen the dates to see statistics.</EmptyState>}
      {data && data.byStatus.total > 0 && (
        <>
          <div className={s.grid}>
            <Card className={s.card}>
              <Text as="h2" size={500} weight="semibold">By status</Text>
              <div className={s.pair}>
                <EChart label="Objectives by status chart" option={statusOption} summary={splitSummary('Objectives by status', statusRows)} />
                <SplitTable label="Objectives by status" head="Status" rows={statusRows} total={data.byStatus.total} />
              </div>
            </Card>
            <Card className={s.card}>
              <Text as="h2" size={500} weight="semibold">By category</Text>
              <div className={s.pair}>
                <EChart label="Objectives by category chart" option={categoryOption} summary={splitSummary('Objectives by category', categoryRows)} />
                <SplitTable label="Objectives by category" head="Category" rows={categoryRows} total={data.byCategory.total} />
              </div>
            </Card>
          </div>
          <Card className={s.card}>
            <Text as="h2" size={500} weight="semibold">By team</Text>
            {teamNote && <Text data-testid="by-team-note">{teamNote}</Text>}
            <EChart label="Objectives by team chart" option={teamOption} height={teamHeight} summary={teamSummary('Objectives by team', data.byTeam)} />
            <TeamTable teams={data.byTeam} />
          </Card>
          {data.alignment && (
            <Card className={s.card}>
              <Text as="h2" size={500} weight="semibold">Alignment</Text>
              <AlignmentFigures alignment={data.alignment} />
            </Card>
          )}
          <Card className={s.card}>
            <Text as="h2" size={500} weight="semibold">By employee</Text>
            <EmployeeTable rows={data.byEmployee} />
          </Card>
        </>
      )}
      {data && (
        <Card className={s.card}>
          <Text as="h2" size={500} weight="semibold">By login date</Text>
          {data.byLogin.length ? <LoginTable rows={data.byLogin} /> : <Text>No sign-ins in this range.</Text>}
        </Card>
      )}
    </PageFrame>
  );
}
