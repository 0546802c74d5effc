import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Debian's nginx started for a test with the project's own site file,
// deploy/nginx/bitstone-hub.conf, rendered with only the machine-specific values replaced (listen
// ports, hub ports, certificate and log paths). Each replacement must match what the template says,
// so an edit to the template that the rendering no longer fits fails here instead of quietly
// testing another configuration.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SITE_TEMPLATE = path.join(ROOT, 'deploy/nginx/bitstone-hub.conf');
export const NGINX_BIN = '/usr/sbin/nginx';

export interface SiteValues {
  httpsPort: number;
  httpPort: number;
  /** the hubs' ports, in place of the template's 8081, 8082, 8083 */
  hubPorts: [number, number, number];
  chainFile: string;
  keyFile: string;
  logDir: string;
}

function replaceExactly(text: string, from: string, to: string, times: number): string {
  const found = text.split(from).length - 1;
  if (found !== times) throw new Error(`deploy/nginx/bitstone-hub.conf: expected '${from}' ${times} time(s), found ${found}`);
  return text.split(from).join(to);
}

export function renderSite(template: string, values: SiteValues): string {
  let site = template;
  // loopback only, and IPv4 only (the machine may have no IPv6)
  site = replaceExactly(site, '    listen [::]:80;\n', '', 1);
  site = replaceExactly(site, '    listen [::]:443 ssl http2;\n', '', 1);
  site = replaceExactly(site, 'listen 80;', `listen 127.0.0.1:${values.httpPort};`, 1);
  site = replaceExactly(site, 'listen 443 ssl http2;', `listen 127.0.0.1:${values.httpsPort} ssl http2;`, 1);
  values.hubPorts.forEach((port, i) => {
    site = replaceExactly(site, `server 127.0.0.1:${8081 + i} `, `server 127.0.0.1:${port} `, 1);
  });
  site = replaceExactly(site, '/etc/ssl/bitstone-hub/fullchain.pem', values.chainFile, 1);
  site = replaceExactly(site, '/etc/ssl/bitstone-hub/privkey.pem', values.keyFile, 1);
  site = replaceExactly(site, '/var/log/nginx/', `${values.logDir}/`, 2);
  return site;
}

/** The main configuration a package's nginx.conf would be, with every path in `dir`. */
function mainConfig(dir: string, siteFile: string): string {
  // As root, nginx's workers would otherwise switch to 'nobody', who cannot write the temp folders.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${path.join(dir, 'tmp', kind)};`).join('\n');
  return `${user}worker_processes 2;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'logs', 'error.log')} warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
${temp}
    access_log ${path.join(dir, 'logs', 'access.log')};
    include ${siteFile};
}
`;
}

export interface RunningNginx {
  child: ChildProcess;
  /** the rendered site file */
  site: string;
  accessLog(): string;
  errorLog(): string;
  stop(): Promise<void>;
}

export async function startNginx(dir: string, values: Omit<SiteValues, 'logDir'>): Promise<RunningNginx> {
  if (!existsSync(NGINX_BIN)) throw new Error('nginx not found: apt-get install nginx');
  const logDir = path.join(dir, 'logs');
  mkdirSync(logDir, { recursive: true });
  for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, 'tmp', kind), { recursive: true });
  const site = renderSite(readFileSync(SITE_TEMPLATE, 'utf8'), { ...values, logDir });
  const siteFile = path.join(dir, 'bitstone-hub.conf');
  writeFileSync(siteFile, site);
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, mainConfig(dir, siteFile));
  const args = ['-p', dir, '-c', conf, '-e', path.join(logDir, 'error.log'), '-g', 'daemon off;'];
  let output = '';
  const check = spawn(NGINX_BIN, [...args, '-t'], { stdio: ['ignore', 'pipe', 'pipe'] });
  check.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const tested = await new Promise<number | null>((resolve) => check.once('exit', (code) => resolve(code)));
  if (tested !== 0) throw new Error(`nginx -t refused the rendered configuration:\n${output}`);

  const child = spawn(NGINX_BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForPort(values.httpsPort, 15_000, () => child.exitCode !== null, () => output);
  const read = (name: string) => () => {
    try {
      return readFileSync(path.join(logDir, name), 'utf8');
    } catch {
      return '';
    }
  };
  return {
    child,
    site,
    accessLog: read('bitstone-hub.access.log'),
    errorLog: read('bitstone-hub.error.log'),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT'); // graceful
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

async function waitForPort(port: number, timeoutMs: number, gone: () => boolean, output: () => string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (gone()) throw new Error(`nginx exited:\n${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not listen on ${port}:\n${output()}`);
}
