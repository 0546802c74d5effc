// Digests: the weekly e-mail for team leads and teams managers (docs/operations.md 'Digests').
// What other features may import of it: only the hub's start, which runs its job.

export { digestJobs, sendWeeklyDigests, weeklyDigestFor, type WeeklyDigest } from './weekly-digest';
