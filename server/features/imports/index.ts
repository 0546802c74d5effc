// The CSV and scheduled imports of holidays and days left, and their runs.
// What other features may import of it; its routes are registered by server/app.ts.

export { importJobs } from './schedule';
