import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { MoreVerticalRegular } from '@fluentui/react-icons';
import { ACTION_LABELS, type ObjectiveAction } from '../../../../shared/rules/objective-status';

/** spec §4: the status menu offers what the hub says the caller may do; hidden when nothing is offered. */
export function StatusMenu({ actions, onAction, disabled, label }: { actions: readonly ObjectiveAction[]; onAction: (a: ObjectiveAction) => void; disabled?: boolean; label: string }) {
  if (actions.length === 0) return null;
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" icon={<MoreVerticalRegular />} aria-label={label} disabled={disabled} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {actions.map((a) => (
            <MenuItem key={a} onClick={() => onAction(a)}>{ACTION_LABELS[a]}</MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
