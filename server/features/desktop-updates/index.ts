// Desktop releases served by the hub, and the app versions it requires (docs/operations.md).
// What other features may import of it; its routes are registered by server/app.ts.

export { desktopRequiredVersions } from './schema';
