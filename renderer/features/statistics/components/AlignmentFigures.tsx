import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { StatisticsAlignment } from '../../../../shared/api/statistics';
import { DataTable } from '../../../lib/components/DataTable';
import { ObjectiveRefLink } from '../../objectives';
import { companyLeftOutNote } from './count-notes';

// Alignment in the statistics: the hub's figures as they come, a sentence for the whole,
// a table per team and the company objectives nothing supports (each a link to its details).

const useStyles = makeStyles({
  // right-aligned side by side by DataTable (align 'end'); stacked, under its label
  num: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  meta: { color: tokens.colorNeutralForeground3 },
});

export function alignmentSentence(a: StatisticsAlignment): string {
  if (a.objectives === 0) return 'No team or personal objectives in this range.';
  const noun = a.objectives === 1 ? 'objective' : 'objectives';
  return `${a.supporting} of ${a.objectives} ${noun} (${a.percent}%) support a team or company objective.`;
}

export function AlignmentFigures({ alignment }: { alignment: StatisticsAlignment }) {
  const s = useStyles();
  const { unsupported } = alignment;
  const more = unsupported.total - unsupported.items.length;
  const companyNote = companyLeftOutNote(alignment);
  return (
    <>
      <Text>{alignmentSentence(alignment)}</Text>
      {companyNote && <Text data-testid="alignment-company-note">{companyNote}</Text>}
      {alignment.byTeam.length > 0 && (
        <DataTable
          label="Alignment by team"
          rows={alignment.byTeam}
          rowKey={(t) => t.team.id}
          columns={[
            { header: 'Team', stacked: 'title', cell: (t) => t.team.name },
            { header: 'Objectives', width: 100, align: 'end', className: s.num, cell: (t) => t.objectives },
            { header: 'Supporting', width: 110, align: 'end', className: s.num, headerTitle: 'Objectives that support a team or company objective', cell: (t) => t.supporting },
            { header: 'Percent', width: 90, align: 'end', className: s.num, cell: (t) => `${t.percent}%` },
          ]}
        />
      )}
      <Text as="h3" weight="semibold">Company objectives nothing supports</Text>
      {unsupported.total === 0 ? (
        <Text>Every company objective of this range has something supporting it.</Text>
      ) : (
        <ul className={s.list} aria-label="Company objectives nothing supports">
          {unsupported.items.map((o) => (
            <li key={o.id}>
              <ObjectiveRefLink objective={o} /> <Text className={s.meta}>· {o.owner.name} · due {o.deadline}</Text>
            </li>
          ))}
          {more > 0 && <li><Text className={s.meta}>and {more} more</Text></li>}
        </ul>
      )}
    </>
  );
}
