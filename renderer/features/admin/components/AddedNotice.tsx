import { MessageBar, MessageBarBody } from '@fluentui/react-components';

/** Where a row just added went when the header's search leaves it out of the table. */
export function AddedNotice({ name, entity, search }: { name: string; entity: string; search: string }) {
  return (
    <MessageBar intent="info" role="status">
      <MessageBarBody>The new {entity} ‘{name}’ is not in the table: the search ‘{search}’ leaves it out.</MessageBarBody>
    </MessageBar>
  );
}
