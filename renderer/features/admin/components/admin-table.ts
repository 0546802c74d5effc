import { makeStyles, tokens } from '@fluentui/react-components';

// The look every admin table shares.
export const useTableStyles = makeStyles({
  panel: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow2,
    overflowWrap: 'anywhere', // names typed by people wrap inside the table
  },
  toolbar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, justifyContent: 'flex-end' },
  actionsHead: { width: '140px', textAlign: 'right' },
  muted: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  wrap: { overflowWrap: 'anywhere' },
});
