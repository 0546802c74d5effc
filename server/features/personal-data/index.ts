// A person's own export, erasure and the retention of personal data (docs/personal-data.md).
// What other features may import of it; its routes are registered by server/app.ts.

export { retentionJobs } from './retention/job';
