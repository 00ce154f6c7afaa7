import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A server's TLS key and certificate (PEM). */
export interface ServerCertificate {
  key: string;
  cert: string;
}

/** Certificates made for one test file (openssl, P-256 keys, valid two days), and the CA files on disk. */
export interface TestCertificates {
  dir: string;
  /** The office's CA file: it signed `office`. */
  caFile: string;
  /** Another CA's file (an attacker's): it signed `other`. */
  otherCaFile: string;
  /** The office server's certificate for db.office.example and 127.0.0.1, signed by the office CA. */
  office: ServerCertificate;
  /** A certificate for the same names signed by the other CA. */
  other: ServerCertificate;
  /** A self-signed certificate for the same names (what a man in the middle can make). */
  selfSigned: ServerCertificate;
}

/** The names every server certificate here is issued for. */
export const CERT_NAMES = 'subjectAltName=DNS:db.office.example,IP:127.0.0.1';

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
}

const NEW_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/** A CA (key and certificate) named `name` in dir. */
function makeCa(dir: string, name: string): void {
  openssl(dir, [
    'req', '-x509', ...NEW_KEY, '-keyout', `${name}.key`, '-out', `${name}.pem`, '-days', '2',
    '-subj', `/CN=${name}`, '-addext', 'basicConstraints=critical,CA:TRUE',
    '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
  ]); // prettier-ignore
}

/** A server certificate for CERT_NAMES signed by the CA `ca`. */
function makeServer(dir: string, name: string, ca: string): ServerCertificate {
  writeFileSync(join(dir, 'server.ext'), `${CERT_NAMES}\nextendedKeyUsage=serverAuth\n`);
  openssl(dir, ['req', ...NEW_KEY, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', '/CN=db.office.example']);
  openssl(dir, [
    'x509', '-req', '-in', `${name}.csr`, '-CA', `${ca}.pem`, '-CAkey', `${ca}.key`, '-CAcreateserial',
    '-out', `${name}.pem`, '-days', '2', '-extfile', 'server.ext',
  ]); // prettier-ignore
  return { key: readFileSync(join(dir, `${name}.key`), 'utf8'), cert: readFileSync(join(dir, `${name}.pem`), 'utf8') };
}

/** Makes the certificates in a new temporary folder (openssl must be installed). */
export function makeTestCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'feed-desk-tls-'));
  makeCa(dir, 'office-ca');
  makeCa(dir, 'other-ca');
  openssl(dir, [
    'req', '-x509', ...NEW_KEY, '-keyout', 'self.key', '-out', 'self.pem', '-days', '2',
    '-subj', '/CN=db.office.example', '-addext', CERT_NAMES,
  ]); // prettier-ignore
  return {
    dir,
    caFile: join(dir, 'office-ca.pem'),
    otherCaFile: join(dir, 'other-ca.pem'),
    office: makeServer(dir, 'office', 'office-ca'),
    other: makeServer(dir, 'other', 'other-ca'),
    selfSigned: { key: readFileSync(join(dir, 'self.key'), 'utf8'), cert: readFileSync(join(dir, 'self.pem'), 'utf8') },
  };
}
