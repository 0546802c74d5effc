// The statistics (objective tracking §2 Statistics).
// What other features may import of it; its routes are registered by server/app.ts.

export { settleOverdueAfter, withKeyResultCountsRefilled } from './statistics-counts';
