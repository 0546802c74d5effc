import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The core tables in server/db/, each feature's own beside its code (server/features/<feature>/*schema.ts).
  schema: ['./server/db/schema.ts', './server/db/schema-*.ts', './server/features/*/*schema.ts'],
  out: './server/db/migrations',
});
