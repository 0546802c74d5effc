import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// A throwaway certificate authority and a server certificate it signed, made with the
// openssl command line as an operator would, for nginx on loopback in the deployment test.

export interface TestCertificates {
  /** the CA certificate (PEM), what clients trust */
  ca: string;
  caFile: string;
  /** the server's certificate followed by the CA's, as nginx's ssl_certificate takes it */
  chainFile: string;
  keyFile: string;
}

export function makeCertificates(dir: string, hostname: string): TestCertificates {
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...ec, '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '2', '-subj', '/CN=Bitstone Hub test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  openssl('req', ...ec, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', `/CN=${hostname}`);
  writeFileSync(file('server.ext'), [
    'basicConstraints=CA:FALSE',
    'keyUsage=critical,digitalSignature',
    'extendedKeyUsage=serverAuth',
    `subjectAltName=DNS:${hostname},IP:127.0.0.1`,
  ].join('\n'));
  openssl('x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial', '-days', '2',
    '-out', file('server.pem'), '-extfile', file('server.ext'));
  const ca = readFileSync(file('ca.pem'), 'utf8');
  writeFileSync(file('chain.pem'), readFileSync(file('server.pem'), 'utf8') + ca);
  return { ca, caFile: file('ca.pem'), chainFile: file('chain.pem'), keyFile: file('server.key') };
}
