import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { cuttableLink, type CuttableLink } from './cuttable-link';
import { serveRenderer } from './desktop-mode';
import { WEB_ROOT } from './e2e-global-setup';
import { startTestHub, type TestHub } from './hub';

/** A file's own demo hub behind a link it can cut, with the renderer served for desktop mode. */
export interface CuttableHub {
  /** a temporary folder for the file, removed after it */
  root: string;
  /** the file's copy of the web build */
  webRoot: string;
  hub: TestHub;
  link: CuttableLink;
  renderer: { url: string; close(): Promise<void> };
}

/** Registers the file's hooks; the fields are there from beforeAll on. */
export function useCuttableHub(name: string): CuttableHub {
  const env = {} as CuttableHub;
  beforeAll(async () => {
    env.root = await mkdtemp(path.join(os.tmpdir(), `hub-${name}-`));
    // a copy: another suite's global setup may rebuild dist/renderer while this file runs
    env.webRoot = path.join(env.root, 'web');
    await cp(WEB_ROOT, env.webRoot, { recursive: true });
    env.hub = await startTestHub({ seed: 'demo', webRoot: env.webRoot });
    env.link = await cuttableLink(env.hub.url);
    env.renderer = await serveRenderer(env.webRoot);
  });
  // a failed test must not leave the next one without its hub
  beforeEach(() => env.link.restore());
  afterAll(async () => {
    await env.link?.close();
    await env.renderer?.close();
    await env.hub?.close();
    if (env.root) await rm(env.root, { recursive: true, force: true });
  });
  return env;
}
