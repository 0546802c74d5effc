import type { TestProject } from 'vitest/node';
import { makePgliteTemplates } from './database-templates';

// The 'api' project's databases start from dumps made once per run (database-templates.ts).
export default async function setup(project: TestProject) {
  const { templates, remove } = await makePgliteTemplates();
  project.provide('databaseTemplates', templates);
  return remove;
}
