import type { ComponentProps } from 'react';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { FormDialog as Frame } from '../../../lib/components/FormDialog';

interface Props extends Omit<ComponentProps<typeof Frame>, 'top' | 'bottom' | 'open'> {
  /** the hub's messages that belong to no field the form shows */
  general: string | null;
  /** where the general message sits in the content's layout */
  generalClassName?: string;
}

/** The add/edit dialog of the admin tabs: the hub's message about no field on top of the form. */
export function FormDialog({ general, generalClassName, ...frame }: Props) {
  const top = general && <MessageBar intent="error" className={generalClassName}><MessageBarBody>{general}</MessageBarBody></MessageBar>;
  return <Frame {...frame} top={top} />;
}
