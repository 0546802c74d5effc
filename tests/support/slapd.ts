import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'ldapts';

// A real, throwaway OpenLDAP server (Debian's slapd) on a loopback port for the
// LDAP sign-in tests. Its slapd.conf and database live in a temp folder removed on stop. Missing
// slapd is an error, never a skip: `apt-get install slapd ldap-utils` (.ci/run installs both).

export const SLAPD_BIN = '/usr/sbin/slapd';
export const BASE_DN = 'dc=example,dc=org';
export const PEOPLE_DN = `ou=people,${BASE_DN}`;
const ROOT_DN = `cn=admin,${BASE_DN}`;
const ROOT_PASSWORD = 'root-secret';

export interface LdapPerson {
  uid: string;
  password: string;
  /** absent: an entry without mail */
  mail?: string;
  cn: string;
}

export interface TestSlapd {
  url: string;
  rootDn: string;
  rootPassword: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function slapdConf(dir: string): string {
  return [
    'include /etc/ldap/schema/core.schema',
    'include /etc/ldap/schema/cosine.schema',
    'include /etc/ldap/schema/nis.schema',
    'include /etc/ldap/schema/inetorgperson.schema',
    `pidfile ${path.join(dir, 'slapd.pid')}`,
    'modulepath /usr/lib/ldap',
    'moduleload back_mdb',
    'database mdb',
    'maxsize 10485760',
    `suffix "${BASE_DN}"`,
    `rootdn "${ROOT_DN}"`,
    `rootpw ${ROOT_PASSWORD}`,
    `directory ${path.join(dir, 'data')}`,
    // people bind with their own password; anyone may search (an anonymous search base setup)
    'access to attrs=userPassword by self write by anonymous auth by * none',
    'access to * by * read',
    '',
  ].join('\n');
}

function ldif(people: LdapPerson[]): string {
  const entries = [
    `dn: ${BASE_DN}\nobjectClass: top\nobjectClass: dcObject\nobjectClass: organization\no: Example\ndc: example`,
    `dn: ${PEOPLE_DN}\nobjectClass: organizationalUnit\nou: people`,
    ...people.map((p) =>
      [`dn: uid=${p.uid},${PEOPLE_DN}`, 'objectClass: inetOrgPerson', `uid: ${p.uid}`, `cn: ${p.cn}`, `sn: ${p.cn.split(' ').pop()}`, ...(p.mail ? [`mail: ${p.mail}`] : []), `userPassword: ${p.password}`].join('\n'),
    ),
  ];
  return `${entries.join('\n\n')}\n`;
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`slapd exited (${child.exitCode}):\n${output()}`);
    const client = new Client({ url, connectTimeout: 1000, timeout: 1000 });
    try {
      await client.bind(ROOT_DN, ROOT_PASSWORD);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`slapd did not answer on ${url}: ${String(error)}\n${output()}`, { cause: error });
      await new Promise((r) => setTimeout(r, 150));
    } finally {
      await client.unbind().catch(() => {});
    }
  }
}

/** Starts slapd on a free loopback port with the people given, loaded with ldapadd. */
export async function startSlapd(people: LdapPerson[]): Promise<TestSlapd> {
  if (!existsSync(SLAPD_BIN)) throw new Error('slapd is not installed: the LDAP sign-in tests need Debian\'s slapd and ldap-utils (apt-get install slapd ldap-utils)');
  const ldapadd = spawnSync('ldapadd', ['-VV'], { encoding: 'utf8' });
  if (ldapadd.error) throw new Error('ldapadd is not installed: apt-get install ldap-utils');

  const dir = await mkdtemp(path.join(tmpdir(), 'hub-slapd-'));
  await mkdir(path.join(dir, 'data'));
  const conf = path.join(dir, 'slapd.conf');
  await writeFile(conf, slapdConf(dir));
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  let log = '';
  // -d 0 keeps slapd in the foreground, so it is our child and stops with us
  const child = spawn(SLAPD_BIN, ['-f', conf, '-h', `${url}/`, '-d', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(url, child, () => log);
    const file = path.join(dir, 'people.ldif');
    await writeFile(file, ldif(people));
    const added = spawnSync('ldapadd', ['-x', '-H', url, '-D', ROOT_DN, '-w', ROOT_PASSWORD, '-f', file], { encoding: 'utf8' });
    if (added.status !== 0) throw new Error(`ldapadd failed: ${added.stderr || added.stdout}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, rootDn: ROOT_DN, rootPassword: ROOT_PASSWORD, stop };
}
