import { AsyncLocalStorage } from 'node:async_hooks';

// docs/api.md 'API tokens': a change made with an API token is recorded as such. Every feature
// writes its audit rows with recordAudit(tx, actorId, …) and knows nothing of how the request was
// signed in, so the auth plugin runs the handler inside the token's context and recordAudit reads it.

export interface AuditVia {
  apiToken: { id: number; name: string };
}

const context = new AsyncLocalStorage<AuditVia>();

/** Runs `next` (the rest of the request: hooks, handler) with every audit row naming the token. */
export function auditWithApiToken(apiToken: AuditVia['apiToken'], next: () => void): void {
  context.run({ apiToken }, next);
}

export const auditVia = (): AuditVia | undefined => context.getStore();
