import type { TestProject } from 'vitest/node';
import { makePostgresTemplates } from './database-templates';
import { startCluster, type Cluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

let cluster: Cluster | undefined;

export default async function setup(project: TestProject) {
  let url = process.env.DATABASE_URL;
  if (!url) {
    cluster = await startCluster();
    url = cluster.url;
  }
  project.provide('databaseUrl', url);
  const { templates, remove } = await makePostgresTemplates(url);
  project.provide('databaseTemplates', templates);
  return async () => {
    await remove().catch(() => undefined);
    await cluster?.stop();
  };
}
