import type { Rule } from 'eslint';

/** One feature imports another only through its index.ts (the rule's own file says why). */
export const featureBoundaries: Rule.RuleModule;
