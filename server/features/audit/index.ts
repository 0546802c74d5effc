// The audit log: every admin change and security event written in its transaction, and Admin → Audit.
// What other features may import of it; its routes are registered by server/app.ts.

export { recordAudit } from './audit';
export { auditWithApiToken } from './audit-context';
