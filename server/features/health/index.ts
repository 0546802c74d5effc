// Health, readiness and draining (docs/operations.md).
// What other features may import of it; its routes are registered by server/app.ts.

export { closeConnectionsWhileDraining, Readiness, untilNoArrivals, type QuietOptions } from './readiness';
