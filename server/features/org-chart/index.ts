// The org chart.
// What other features may import of it; its routes are registered by server/app.ts.
export {};
