// Certificates made for each test run with Debian's openssl, none committed (none can expire in
// the repository): a CA, the local AEAT's server certificate, and obligados' PKCS#12 files, valid,
// expired, about to expire or in the legacy encryption browsers and the FNMT still export.
// EC keys: as good as RSA for TLS client authentication, and generated in milliseconds.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface Pki {
  dir: string;
  /** The CA's certificate (PEM): what VERIFACTU_CA points Aula at. */
  ca: string;
  caKey: string;
  /** The local AEAT's certificate and key, for 127.0.0.1 and localhost. */
  servidor: { cert: string; key: string };
  /** An obligado's .p12, valid for a year, with this password. */
  cliente: string;
  password: string;
  /** Removes every file. */
  borrar(): Promise<void>;
}

export interface OpcionesCertificado {
  /** The holder's name (CN) and NIF (in serialNumber, as the FNMT writes it). */
  nombre?: string;
  nif?: string;
  /** Days it stays valid from now; negative: it expired that many days ago. */
  dias?: number;
  /** Encrypted with RC2/3DES, as OpenSSL 3 refuses by default. */
  legacy?: boolean;
  password?: string;
}

const fecha = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z';

/** A key and a certificate signed by the CA, valid as asked; answers the .p12's path. */
export async function certificadoCliente(pki: Pick<Pki, 'dir' | 'ca' | 'caKey'>, archivo: string, o: OpcionesCertificado = {}): Promise<string> {
  const base = join(pki.dir, archivo.replace(/\.p12$/, ''));
  const nif = o.nif ?? 'B12345674';
  const nombre = o.nombre ?? 'ACADEMIA EJEMPLO SL';
  await run('openssl', ['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', `${base}.key`]);
  await run('openssl', ['req', '-new', '-key', `${base}.key`, '-out', `${base}.csr`, '-subj', `/C=ES/serialNumber=IDCES-${nif}/CN=${nombre} - ${nif}`]);
  const dias = o.dias ?? 365;
  if (dias > 0) {
    await run('openssl', ['x509', '-req', '-in', `${base}.csr`, '-CA', pki.ca, '-CAkey', pki.caKey, '-CAcreateserial', '-out', `${base}.pem`, '-days', String(dias)]);
  } else {
    // x509 -req only dates forward; openssl ca takes any start and end.
    const db = join(pki.dir, `ca-${archivo}`);
    await writeFile(`${db}.index`, '');
    await writeFile(`${db}.serial`, '1000\n');
    await writeFile(
      `${db}.cnf`,
      `[ca]\ndefault_ca=ca\n[ca]\ndatabase=${db}.index\nserial=${db}.serial\nnew_certs_dir=${pki.dir}\ndefault_md=sha256\npolicy=todo\n[todo]\ncountryName=optional\nserialNumber=optional\ncommonName=supplied\n`,
    );
    const hasta = new Date(Date.now() + dias * 86_400_000);
    const desde = new Date(hasta.getTime() - 365 * 86_400_000);
    await run('openssl', ['ca', '-batch', '-config', `${db}.cnf`, '-cert', pki.ca, '-keyfile', pki.caKey, '-in', `${base}.csr`, '-out', `${base}.pem`, '-startdate', fecha(desde), '-enddate', fecha(hasta)]);
  }
  const p12 = `${base}.p12`;
  await run('openssl', ['pkcs12', '-export', ...(o.legacy ? ['-legacy'] : []), '-in', `${base}.pem`, '-inkey', `${base}.key`, '-out', p12, '-passout', `pass:${o.password ?? 'secreto'}`]);
  return p12;
}

export async function crearPki(): Promise<Pki> {
  const dir = await mkdtemp(join(tmpdir(), 'aula-pki-'));
  const ca = join(dir, 'ca.pem');
  const caKey = join(dir, 'ca.key');
  await run('openssl', ['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', caKey]);
  await run('openssl', ['req', '-x509', '-new', '-key', caKey, '-out', ca, '-days', '2', '-subj', '/CN=AEAT de pruebas (CA local)']);
  const servidor = { cert: join(dir, 'servidor.pem'), key: join(dir, 'servidor.key') };
  await run('openssl', ['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', servidor.key]);
  await run('openssl', ['req', '-new', '-key', servidor.key, '-out', join(dir, 'servidor.csr'), '-subj', '/CN=127.0.0.1']);
  await writeFile(join(dir, 'servidor.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  await run('openssl', ['x509', '-req', '-in', join(dir, 'servidor.csr'), '-CA', ca, '-CAkey', caKey, '-CAcreateserial', '-out', servidor.cert, '-days', '2', '-extfile', join(dir, 'servidor.ext')]);
  const pki = { dir, ca, caKey };
  const cliente = await certificadoCliente(pki, 'obligado.p12');
  return { ...pki, servidor, cliente, password: 'secreto', borrar: () => rm(dir, { recursive: true, force: true }) };
}
