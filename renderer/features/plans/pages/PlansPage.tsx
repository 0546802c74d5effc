import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Button, Field, makeStyles, Select, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { plansExportFile } from '../../../../shared/api/plans';
import { OBJECTIVE_MESSAGES } from '../../../../shared/rules/objective-messages';
import { canSeeTeamPlans } from '../../../../shared/rules/plans-access';
import { errorText } from '../../../lib/api';
import { Loading } from '../../../lib/components/Loading';
import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';
import { userAtom } from '../../../lib/session/session';
import { useNotify } from '../../../lib/toast';
import { getTransport } from '../../../lib/transport';
import { useObjectiveChoices } from '../../objectives';
import { usePlans } from '../api/plans';
import { MemberCards } from '../components/MemberCards';
import { PlansTable } from '../components/PlansTable';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** spec §2 Plans page: /objective-tracking/plans. */
export default function PlansPage() {
  const s = useStyles();
  const user = useAtomValue(userAtom);
  const teamFilter = !!user && canSeeTeamPlans(user);
  const choices = useObjectiveChoices();
  const [team, setTeam] = useState<number | null>(null);
  const plans = usePlans(team);
  const notify = useNotify();
  const teams = choices.data?.teams ?? [];

  const exportXlsx = async () => {
    const name = teams.find((t) => t.id === team)?.name;
    const result = await getTransport().download(team === null ? '/exports/plans.xlsx' : `/exports/plans.xlsx?team=${team}`, plansExportFile(name));
    if (result.status === 'saved') notify.success();
    else if (result.status === 'failed') notify.failure(result.message);
  };

  return (
    <PageFrame title="Plans" actions={<Button icon={<ArrowDownloadRegular />} onClick={() => void exportXlsx()} disabled={!plans.data}>Export to Excel</Button>}>
      {/* spec §6: only owners or teams managers see the team filter on plans */}
      {teamFilter && (
        <div className={s.bar}>
          <Field label="Team">
            <Select value={team === null ? '' : String(team)} onChange={(_, d) => setTeam(d.value ? Number(d.value) : null)}>
              <option value="">My plan</option>
              {teams.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
            </Select>
          </Field>
          {plans.isFetching && plans.data && <Spinner size="tiny" label="Updating…" />}
        </div>
      )}
      {plans.isError && <Text role="alert" className={s.error}>{errorText(plans.error)}</Text>}
      {plans.isPending && <Loading />}
      {plans.data && (
        <>
          <MemberCards plans={plans.data.plans} />
          {plans.data.items.length === 0 ? <EmptyState title={OBJECTIVE_MESSAGES.noItems}>There are no objectives in this plan.</EmptyState> : <PlansTable items={plans.data.items} />}
        </>
      )}
    </PageFrame>
  );
}
