// The remission of the invoice records to the AEAT (VERIFACTU, VERIFACTU_*, SIF_*).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ModoVerifactu } from '../../../contrato/verifactu.js';
import { MAX_NOMBRE_AEAT } from './facturacion.js';
import { ConfigError, int, type Env } from './leer.js';

/** The obligado's certificate as verifactu/certificado.ts opens it at start-up. */
export interface Certificado {
  /** The file as read, for `https.request({ pfx, passphrase })`. */
  pfx: Buffer;
  passphrase: string;
  /** Who holds it: the subject's common name (or the whole subject when it has none). */
  titular: string;
  /** The NIF the certificate names, when its subject carries one (serialNumber or CN). */
  nif?: string;
  validoDesde: Date;
  caduca: Date;
  /** SHA-256 of the certificate: tells one certificate from another without holding its key. */
  huella: string;
}

export interface VerifactuConfig {
  modo: ModoVerifactu;
  /** The AEAT's SOAP endpoint for the mode, or VERIFACTU_URL. */
  url: string;
  /** VERIFACTU_CERT (resolved) and VERIFACTU_CERT_PASSWORD; present whenever the remission is on. */
  archivoCertificado?: { ruta: string; password: string };
  /** The obligado's certificate, opened at start-up (configuracion.ts); present whenever the remission is on. */
  certificado?: Certificado;
  /** A CA trusted for the endpoint besides the system's (VERIFACTU_CA, PEM): a local test server's. */
  ca?: Buffer;
  /** Who produces the system, as every record and the declaración responsable say. */
  productor: { nombre?: string; nif?: string; direccion?: string };
  /** Where and when the producer signs the declaración responsable (Orden HAC/1177/2024, art. 15.1.l). */
  declaracion: { lugar?: string; fecha?: string };
  /** How long a send may take before it counts as lost. */
  timeoutMs: number;
  /** The pause after a failed send; it doubles on each failure in a row, up to an hour. */
  reintentoMs: number;
}

export const URLS_AEAT: Record<Exclude<ModoVerifactu, 'desactivado'>, string> = {
  produccion: 'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
  pruebas: 'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
};

const MODOS_VERIFACTU: readonly ModoVerifactu[] = ['desactivado', 'pruebas', 'produccion'];

/**
 * VERIFACTU and what it needs. Off by default outside production; production must say which
 * (a business that forgot would otherwise issue invoices that reach nobody). On, the
 * certificate's file must be named (configuracion.ts opens it), and the producer's data every
 * record carries must be there.
 */
export function parseVerifactu(env: Env, production: boolean, cwd: string): VerifactuConfig {
  const raw = env.VERIFACTU?.trim();
  if (!raw && production) {
    throw new ConfigError('VERIFACTU', 'es obligatoria en producción: «produccion» remite los registros de facturación a la AEAT, «pruebas» a su entorno de pruebas, «desactivado» no los remite');
  }
  const modo = (raw || 'desactivado') as ModoVerifactu;
  if (!MODOS_VERIFACTU.includes(modo)) throw new ConfigError('VERIFACTU', `debe ser desactivado, pruebas o produccion (recibido «${raw}»)`);
  const url = env.VERIFACTU_URL?.trim() || (modo === 'desactivado' ? URLS_AEAT.pruebas : URLS_AEAT[modo]);
  if (!/^https:\/\/[^/]+/.test(url)) throw new ConfigError('VERIFACTU_URL', `debe ser una URL https (recibido «${url}»)`);
  const texto = (name: string) => env[name]?.trim() || undefined;
  const productor = { nombre: texto('SIF_PRODUCTOR_NOMBRE'), nif: texto('SIF_PRODUCTOR_NIF'), direccion: texto('SIF_PRODUCTOR_DIRECCION') };
  const declaracion = { lugar: texto('SIF_DECLARACION_LUGAR'), fecha: texto('SIF_DECLARACION_FECHA') };
  if (productor.nombre && productor.nombre.length > MAX_NOMBRE_AEAT) {
    throw new ConfigError('SIF_PRODUCTOR_NOMBRE', `tiene ${productor.nombre.length} caracteres: los registros de facturación de la AEAT admiten ${MAX_NOMBRE_AEAT}`);
  }
  if (declaracion.fecha && !fechaValida(declaracion.fecha)) {
    throw new ConfigError('SIF_DECLARACION_FECHA', `debe ser una fecha dd-mm-aaaa (recibido «${declaracion.fecha}»)`);
  }
  const base = {
    modo,
    url,
    productor,
    declaracion,
    timeoutMs: int(env, 'VERIFACTU_TIMEOUT', 60, 1, 600) * 1000,
    reintentoMs: int(env, 'VERIFACTU_REINTENTO', 30, 1, 3600) * 1000,
  };
  if (modo === 'desactivado') return base;

  const requeridas: [string, string][] = [
    ['SIF_PRODUCTOR_NOMBRE', 'el nombre de quien produce el sistema va en cada registro de facturación'],
    ['SIF_PRODUCTOR_NIF', 'el NIF de quien produce el sistema va en cada registro de facturación'],
    ['SIF_PRODUCTOR_DIRECCION', 'la dirección del productor figura en la declaración responsable'],
    ['SIF_DECLARACION_LUGAR', 'la declaración responsable dice dónde la suscribe el productor'],
    ['SIF_DECLARACION_FECHA', 'la declaración responsable dice cuándo la suscribe el productor'],
  ];
  for (const [variable, motivo] of requeridas) {
    if (!texto(variable)) throw new ConfigError(variable, `es necesaria con VERIFACTU=${modo}: ${motivo}`);
  }
  const ruta = texto('VERIFACTU_CERT');
  if (!ruta) throw new ConfigError('VERIFACTU_CERT', `es necesaria con VERIFACTU=${modo}: el certificado (.p12 o .pfx) con el que se remite a la AEAT`);
  if (env.VERIFACTU_CERT_PASSWORD === undefined) throw new ConfigError('VERIFACTU_CERT_PASSWORD', `es necesaria con VERIFACTU=${modo}: la contraseña de VERIFACTU_CERT`);
  let ca: Buffer | undefined;
  const rutaCa = texto('VERIFACTU_CA');
  if (rutaCa) {
    try {
      ca = readFileSync(resolve(cwd, rutaCa));
    } catch (err) {
      throw new ConfigError('VERIFACTU_CA', `no se puede leer «${rutaCa}» (${(err as Error).message})`);
    }
    if (!ca.toString('latin1').includes('-----BEGIN CERTIFICATE-----')) throw new ConfigError('VERIFACTU_CA', `«${rutaCa}» no es un certificado PEM`);
  }
  return { ...base, archivoCertificado: { ruta: resolve(cwd, ruta), password: env.VERIFACTU_CERT_PASSWORD }, ca };
}

function fechaValida(ddmmaaaa: string): boolean {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(ddmmaaaa);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1])));
  return d.getUTCDate() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1;
}
