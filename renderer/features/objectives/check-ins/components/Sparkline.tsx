import { tokens } from '@fluentui/react-components';
import type { CheckIn } from '../../../../../shared/api/check-ins';
import { sparklinePoints, sparklineSummary, toPolyline } from '../sparkline';

const BOX = { width: 120, height: 32, pad: 3 };

/** The key result's percent over its check-ins, oldest to newest; an inline SVG, no chart library. */
export function Sparkline({ checkIns }: { checkIns: readonly CheckIn[] }) {
  const oldestFirst = [...checkIns].reverse().map((c) => c.percent);
  const points = sparklinePoints(oldestFirst, BOX);
  if (points.length === 0) return null;
  const last = points[points.length - 1];
  const summary = sparklineSummary(oldestFirst);
  return (
    <svg width={BOX.width} height={BOX.height} viewBox={`0 0 ${BOX.width} ${BOX.height}`} role="img" aria-label={summary} data-testid="check-in-trend">
      <title>{summary}</title>
      <line x1={BOX.pad} x2={BOX.width - BOX.pad} y1={BOX.height - BOX.pad} y2={BOX.height - BOX.pad} stroke={tokens.colorNeutralStroke2} strokeWidth={1} />
      <polyline points={toPolyline(points)} fill="none" stroke={tokens.colorBrandForeground1} strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" />
      <circle cx={last.x} cy={last.y} r={2.5} fill={tokens.colorBrandForeground1} />
    </svg>
  );
}
