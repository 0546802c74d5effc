import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // One file per feature keeps parallel work from colliding in one schema file.
  schema: ['./server/db/schema.ts', './server/db/schema-*.ts'],
  out: './server/db/migrations',
});
