// Admin → Teams, Jobs, Roles and Users (spec: people and shell §5).
// What other features may import of it; its routes are registered by server/app.ts.

export { isUniqueViolation } from './admin-names';
