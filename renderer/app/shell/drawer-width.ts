import { makeStyles } from '@fluentui/react-components';

// Reflow (WCAG 1.4.10): Fluent's small drawer is 320 px wide; in a 320 px window with a scroll bar the
// window is narrower than that and the drawer's start ran off the left edge. Never wider than the window.
export const useDrawerWidth = makeStyles({ fits: { maxWidth: '100%' } });
