import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startHubProcess, type HubProcess } from './hub-process';
import { startNginx, type RunningNginx } from './nginx';
import { freePort, startCluster, type Cluster } from './postgres-cluster';
import { makeCertificates, type TestCertificates } from './tls-ca';

// What docs/operations.md ('Several hubs behind nginx') sets up, on loopback: a
// throwaway CA and certificate, PostgreSQL, three hub processes on one database (HUB_TRUST_PROXY=1)
// and nginx with deploy/nginx/bitstone-hub.conf in front of them.

export const DEPLOY_HOST = 'hub.example.org';

export interface DeployStack {
  dir: string;
  certs: TestCertificates;
  databaseUrl: string;
  /** the hubs, in the upstream's order; restartHub replaces one in place */
  hubs: HubProcess[];
  nginx: RunningNginx;
  /** https://127.0.0.1:<port> */
  base: string;
  httpPort: number;
  /** SIGTERM (the hub drains), then a new hub of the same settings on the same port, once it is ready */
  restartHub(index: number): Promise<{ drainedMs: number; readyMs: number }>;
  stop(): Promise<void>;
}

export interface DeployStackOptions {
  /** the built web app; none: the hubs serve the API only */
  webRoot?: string;
  hubEnv?: Record<string, string>;
}

export async function startDeployStack(options: DeployStackOptions = {}): Promise<DeployStack> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hub-deploy-'));
  let cluster: Cluster | undefined;
  const hubs: HubProcess[] = [];
  let nginx: RunningNginx | undefined;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(hubs.map((hub) => hub.kill('SIGTERM')));
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const certs = makeCertificates(dir, DEPLOY_HOST);
    cluster = await startCluster();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database bitstone_hub');
    await admin.end();
    const databaseUrl = cluster.url.replace(/\/postgres$/, '/bitstone_hub');
    const env = { HUB_TRUST_PROXY: '1', LOG_LEVEL: 'info', PG_POOL_MAX: '5', ...(options.webRoot ? { HUB_WEB_ROOT: options.webRoot } : {}), ...options.hubEnv };
    // three hubs at once on the empty database: one migrates and seeds, the others wait
    hubs.push(...(await Promise.all([1, 2, 3].map(() => startHubProcess({ target: { databaseUrl }, env })))));
    const hubPorts = hubs.map((hub) => Number(new URL(hub.url).port)) as [number, number, number];
    const httpsPort = await freePort();
    const httpPort = await freePort();
    nginx = await startNginx(dir, { httpsPort, httpPort, hubPorts, chainFile: certs.chainFile, keyFile: certs.keyFile });
    const restartHub = async (index: number) => {
      const started = Date.now();
      const exit = await hubs[index].kill('SIGTERM');
      if (exit.code !== 0) throw new Error(`hub ${index + 1} exited with ${exit.code ?? exit.signal}`);
      const drainedMs = Date.now() - started;
      hubs[index] = await startHubProcess({ target: { databaseUrl }, env: { ...env, PORT: String(hubPorts[index]) } });
      for (;;) {
        const ready = await fetch(`${hubs[index].url}/api/health/ready`).then((res) => res.status, () => 0);
        if (ready === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return { drainedMs, readyMs: Date.now() - started - drainedMs };
    };
    return { dir, certs, databaseUrl, hubs, nginx, base: `https://127.0.0.1:${httpsPort}`, httpPort, restartHub, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
