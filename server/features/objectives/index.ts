// Objectives, key results, check-ins, the status machine's writes and approvals.
// What other features may import of it; its routes are registered by server/app.ts.

export { listApprovals } from './approvals';
export { keyResultCheckIns } from './check-ins-schema';
export { atRiskByTeam, FINAL_CHECK_IN_COMMENT } from './check-ins';
export { findVisibleObjective, keyResultsByObjective, NOT_FOUND_OBJECTIVE, objectiveDetail, teamIdsOf, type ObjectiveRecord } from './objectives-read';
export { coveredTeamIds, objectiveRef, ofTeamsOrTheirMembers, visibleWhere } from './objectives-scope';
export { createLevelObjective, lockEditable } from './objectives-write';
export { nextVersion } from './versions';
