import { makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components';
import type { StatisticsAlignment } from '../../../../shared/api/statistics';
import { TableScroll } from '../../../lib/components/TableScroll';
import { ObjectiveRefLink } from '../../objectives';
import { companyLeftOutNote } from './count-notes';
import { NumberHeaderCell } from './NumberHeaderCell';

// Alignment in the statistics: the hub's figures as they come, a sentence for the whole,
// a table per team and the company objectives nothing supports (each a link to its details).

const useStyles = makeStyles({
  table: { tableLayout: 'auto' },
  num: { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
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
        <TableScroll label="Alignment by team" minWidth={420}>
          <Table size="small" aria-label="Alignment by team" className={s.table}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Team</TableHeaderCell>
                <NumberHeaderCell>Objectives</NumberHeaderCell>
                <NumberHeaderCell title="Objectives that support a team or company objective">Supporting</NumberHeaderCell>
                <NumberHeaderCell>Percent</NumberHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {alignment.byTeam.map((t) => (
                <TableRow key={t.team.id}>
                  <TableCell>{t.team.name}</TableCell>
                  <TableCell className={s.num}>{t.objectives}</TableCell>
                  <TableCell className={s.num}>{t.supporting}</TableCell>
                  <TableCell className={s.num}>{t.percent}%</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroll>
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
