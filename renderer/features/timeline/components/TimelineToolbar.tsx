import { Button, Field, makeStyles, Select, Text, Toolbar, ToolbarButton, ToolbarDivider, tokens } from '@fluentui/react-components';
import { ArrowMaximizeRegular, ChevronDoubleDownRegular, ChevronDoubleUpRegular, ZoomInRegular, ZoomOutRegular } from '@fluentui/react-icons';
import { LISTED_STATUSES, type ListedStatus } from '../../../../shared/api/objectives';
import { ZOOM_LEVELS } from '../../../../shared/rules/timeline';
import type { TimelineFilters } from '../timeline-state';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, justifyContent: 'space-between' },
  // reflow (WCAG 1.4.10): in a narrow window the filters and the tools wrap onto more lines, each
  // button whole, so none (Expand all) leaves the screen
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', minWidth: 0 },
  tools: { flexWrap: 'wrap', minWidth: 0 },
  tool: { whiteSpace: 'nowrap' },
});

interface Props {
  filters: TimelineFilters;
  onFilters: (f: TimelineFilters) => void;
  zoom: number;
  onZoom: (index: number) => void;
  onFit: () => void;
  onCollapseAll: () => void;
  onExpandAll: () => void;
  onReset: () => void;
}

/** spec §2 Timeline toolbar: zoom to fit, zoom in, zoom out (7 levels), collapse all, expand all. */
export function TimelineToolbar({ filters, onFilters, zoom, onZoom, onFit, onCollapseAll, onExpandAll, onReset }: Props) {
  const s = useStyles();
  return (
    <div className={s.bar}>
      <div className={s.filters} role="search" aria-label="Timeline filters">
        <Field label="Show">
          <Select value={filters.scope} onChange={(_, d) => onFilters({ ...filters, scope: d.value === 'mine' ? 'mine' : 'all' })}>
            <option value="all">All I can see</option>
            <option value="mine">Mine</option>
          </Select>
        </Field>
        <Field label="Status">
          <Select value={filters.status ?? ''} onChange={(_, d) => onFilters({ ...filters, status: (d.value || undefined) as ListedStatus | undefined })}>
            <option value="">All statuses</option>
            {LISTED_STATUSES.map((st) => <option key={st} value={st}>{st}</option>)}
          </Select>
        </Field>
        <Button onClick={onReset}>Clear Filters</Button>
      </div>
      <Toolbar aria-label="Timeline tools" className={s.tools}>
        <ToolbarButton className={s.tool} icon={<ArrowMaximizeRegular />} onClick={onFit}>Zoom to fit</ToolbarButton>
        <ToolbarButton className={s.tool} icon={<ZoomInRegular />} disabled={zoom <= 0} onClick={() => onZoom(zoom - 1)}>Zoom in</ToolbarButton>
        <ToolbarButton className={s.tool} icon={<ZoomOutRegular />} disabled={zoom >= ZOOM_LEVELS.length - 1} onClick={() => onZoom(zoom + 1)}>Zoom out</ToolbarButton>
        <Text aria-live="polite" data-testid="zoom-level">{ZOOM_LEVELS[zoom].name}</Text>
        <ToolbarDivider />
        <ToolbarButton className={s.tool} icon={<ChevronDoubleUpRegular />} onClick={onCollapseAll}>Collapse all</ToolbarButton>
        <ToolbarButton className={s.tool} icon={<ChevronDoubleDownRegular />} onClick={onExpandAll}>Expand all</ToolbarButton>
      </Toolbar>
    </div>
  );
}
