// The dashboard's links and their admin.
// What other features may import of it; its routes are registered by server/app.ts.
export {};
