// People: the directory, profiles, extra details, pictures, VPN files, my team and the users workbook.
// What other features may import of it; its routes are registered by server/app.ts.

export { imagePathOf } from './member-summary';
export { assertMayChangeUserFields, sameJson } from './user-field-guard';
export { fillSkeletons, looksLikeAnother, skeletonsOf } from './username-skeletons';
