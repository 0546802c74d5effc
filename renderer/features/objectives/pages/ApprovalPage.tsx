import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, ErrorCircleRegular } from '@fluentui/react-icons';
import { HubError } from '../../../../shared/api/hub-error';
import { APPROVAL_MESSAGES } from '../../../../shared/rules/objective-messages';
import { errorText } from '../../../lib/api';
import { Loading } from '../../../lib/components/Loading';
import { PageFrame } from '../../../lib/components/PageFrame';
import { PATHS } from '../../../lib/paths';
import { useApproveCompletion } from '../api/approvals';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalM, padding: tokens.spacingVerticalXXXL, textAlign: 'center' },
  ok: { color: tokens.colorPaletteGreenForeground1, fontSize: '48px' },
  bad: { color: tokens.colorPaletteRedForeground1, fontSize: '48px' },
});

const idOf = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/** spec §2/§4/§8 completion approval: approves completion, or deletion with the delete flag. */
export default function ApprovalPage() {
  const styles = useStyles();
  const [params] = useSearchParams();
  const objectiveId = idOf(params.get('objectiveId'));
  const keyResultId = objectiveId === undefined ? idOf(params.get('keyResultId')) : undefined;
  const remove = params.has('delete') && params.get('delete') !== 'false';
  const approve = useApproveCompletion();
  const started = useRef(false);
  const missing = objectiveId === undefined && keyResultId === undefined;

  useEffect(() => {
    // one request per visit, even under React's double effects in development
    if (missing || started.current) return;
    started.current = true;
    approve.mutate({ objectiveId, keyResultId, delete: remove });
  }, [missing, objectiveId, keyResultId, remove, approve]);

  const result = (ok: boolean, title: string, body: string) => (
    <div className={styles.box} role={ok ? 'status' : 'alert'}>
      {ok ? <CheckmarkCircleRegular className={styles.ok} /> : <ErrorCircleRegular className={styles.bad} />}
      <Text as="h2" size={600} weight="semibold">{title}</Text>
      <Text>{body}</Text>
      <Link to={PATHS.objectives}>Back to objectives</Link>
    </div>
  );

  let content;
  if (missing) content = result(false, APPROVAL_MESSAGES.missingTitle, APPROVAL_MESSAGES.missingBody);
  else if (approve.isError) {
    const notFound = approve.error instanceof HubError && approve.error.status === 404;
    content = result(false, APPROVAL_MESSAGES.failedTitle, notFound ? APPROVAL_MESSAGES.failedBody : errorText(approve.error));
  } else if (approve.isSuccess) {
    const what = approve.data.kind === 'objective' ? 'objective' : 'key result';
    content = result(true, 'Successful', `The ${what} is now ${approve.data.status}.`);
  } else content = <Loading label="Approving…" />;

  return <PageFrame title="Completion approval">{content}</PageFrame>;
}
