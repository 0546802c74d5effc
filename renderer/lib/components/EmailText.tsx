import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { emailParts } from './table-layout';

const useStyles = makeStyles({
  // the break before the '@' comes first; only a half longer than its line still breaks inside
  email: { overflowWrap: 'anywhere' },
});

/** An e-mail address as text that wraps before its '@', not in the middle of a name. */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const styles = useStyles();
  const [local, domain] = emailParts(email);
  return (
    <span className={mergeClasses(styles.email, className)}>
      {local}
      {domain !== undefined && <><wbr />{domain}</>}
    </span>
  );
}
