// Settings → Preferences (theme and the rest of a person's choices).
// What other features may import of it; its routes are registered by server/app.ts.

export { userPreferences } from './schema';
export { saveWeeklyDigest, weeklyDigestOf } from './preferences';
