import type { ReactNode } from 'react';
import { Card, makeStyles, mergeClasses, MessageBar, MessageBarBody, Spinner, Text, tokens } from '@fluentui/react-components';
import { errorText } from '../api';

const useStyles = makeStyles({
  // as wide as the column it is in (the Settings page sets the columns' widths)
  card: { width: '100%', boxSizing: 'border-box', padding: tokens.spacingHorizontalXXL },
  small: { gap: tokens.spacingVerticalS },
  medium: { gap: tokens.spacingVerticalM },
  large: { gap: tokens.spacingVerticalL },
});

interface Props {
  /** the heading's id is `${id}-settings-title` */
  id: string;
  title: string;
  /** a line under the title saying what the section is for */
  intro?: string;
  /** what the section reads from the hub: a spinner while it loads, then its failure */
  query?: { isPending: boolean; isError: boolean; error: unknown };
  spacing?: 'small' | 'medium' | 'large';
  children: ReactNode;
}

/** One section of the Settings page: a titled card, with its request's loading and failure. */
export function SettingsCard({ id, title, intro, query, spacing = 'small', children }: Props) {
  const styles = useStyles();
  const heading = `${id}-settings-title`;
  return (
    <Card className={mergeClasses(styles.card, styles[spacing])} aria-labelledby={heading}>
      <Text as="h2" size={500} weight="semibold" id={heading}>{title}</Text>
      {intro && <Text>{intro}</Text>}
      {query?.isPending && <Spinner size="small" label="Loading…" />}
      {query?.isError && <MessageBar intent="error"><MessageBarBody>{errorText(query.error)}</MessageBarBody></MessageBar>}
      {children}
    </Card>
  );
}
