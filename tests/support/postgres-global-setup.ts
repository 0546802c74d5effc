import type { TestProject } from 'vitest/node';
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
  return async () => {
    await cluster?.stop();
  };
}
