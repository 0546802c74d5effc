import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useSearchParams } from 'react-router-dom';
import { monthOfOffset, MIN_MONTH_OFFSET, TIMETRACKING_TEXT } from '../../../../shared/rules/timetracking';
import { errorText } from '../../../lib/api';
import { Loading } from '../../../lib/components/Loading';
import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';
import { useTimeReport } from '../api/get-report';
import { DayList } from '../components/DayList';
import { MonthSwitcher } from '../components/MonthSwitcher';

/** The month offset lives in the address (?months=-1), so back and reload keep the month. */
function useOffset(): [number, (offset: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('months') ?? '0');
  const offset = Number.isInteger(raw) ? Math.min(0, Math.max(MIN_MONTH_OFFSET, raw)) : 0;
  const set = (next: number) => setParams(next === 0 ? {} : { months: String(next) });
  return [offset, set];
}

// people-and-shell §2 Time tracking: the signed-in user's monthly report.
export default function TimeTrackingPage() {
  const [offset, setOffset] = useOffset();
  const report = useTimeReport(offset);
  const data = report.data;
  const month = data && !report.isPlaceholderData ? data.month : monthOfOffset(offset).month;

  return (
    <PageFrame title="Time Tracking">
      <MessageBar intent="info">
        <MessageBarBody data-testid="import-info">{TIMETRACKING_TEXT.info}</MessageBarBody>
      </MessageBar>
      {report.isError && !data ? (
        <MessageBar intent="error">
          <MessageBarBody>
            <MessageBarTitle>The report could not be loaded.</MessageBarTitle>
            {errorText(report.error)}
          </MessageBarBody>
        </MessageBar>
      ) : !data ? (
        <Loading label="Loading the report…" />
      ) : data.timetracking === null ? (
        <MessageBar intent="warning">
          <MessageBarBody data-testid="not-in-database">{TIMETRACKING_TEXT.notInDatabase(data.contact)}</MessageBarBody>
        </MessageBar>
      ) : (
        <>
          <MonthSwitcher month={month} offset={offset} total={report.isPlaceholderData ? null : data.timetracking.hours} onChange={setOffset} />
          {report.isPlaceholderData ? (
            <Loading label="Loading the report…" />
          ) : data.timetracking.tasks.length === 0 ? (
            <EmptyState title="No hours reported">No hours have been reported for this month yet.</EmptyState>
          ) : (
            <DayList tasks={data.timetracking.tasks} />
          )}
        </>
      )}
    </PageFrame>
  );
}
