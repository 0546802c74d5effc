// Employee evaluations and their workbook (objective tracking: Employee details and evaluation).
// What other features may import of it; its routes are registered by server/app.ts.
export {};
