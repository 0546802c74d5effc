// OKR alignment: objectives' levels, the links of what supports what, roll-ups and the alignment view (docs/api.md 'Alignment').
// What other features may import of it; its routes are registered by server/app.ts.

export { childCountSql, endJson, type EndRow } from './alignment-ends';
export { parentsOf } from './alignment-parents';
export { alignmentLinkRows, alignmentLinksFrom, compactSupports, type LinkRow } from './alignment-read';
export { recomputeRollups, refreshRollupsAbove } from './alignment-rollup';
export { objectiveLinks } from './schema';
