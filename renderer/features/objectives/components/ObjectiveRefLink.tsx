import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { Link } from 'react-router-dom';
import { PRIVATE_OBJECTIVE_LABEL } from '../../../../shared/rules/alignment';
import { detailsPath } from '../paths';

const useStyles = makeStyles({
  link: { color: tokens.colorBrandForegroundLink, textDecorationLine: 'underline', ':hover': { color: tokens.colorBrandForegroundLinkHover } },
  private: { fontStyle: 'italic', color: tokens.colorNeutralForeground3 },
});

/**
 * The other end of a link: its title as a link to its details, or 'a private objective' with no
 * link when the person may not see it (nobody learns of an objective through a link).
 */
export function ObjectiveRefLink({ objective }: { objective: { id: number; title: string } | null }) {
  const styles = useStyles();
  if (!objective) return <Text className={styles.private}>{PRIVATE_OBJECTIVE_LABEL}</Text>;
  return <Link className={styles.link} to={detailsPath(objective.id)} state={{ objectiveId: objective.id }}>{objective.title}</Link>;
}
