// The obligado's certificate (a PKCS#12 file), read with the same OpenSSL that will present it in
// the TLS handshake with the AEAT: a file Node's TLS cannot load fails at start-up, not at the
// first send. No PKCS#12 library: one that parsed what OpenSSL refuses (the RC2/3DES files some
// browsers and the FNMT still export) would hide the problem until the first remission.
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import tls from 'node:tls';
import type { Certificado } from '../config/index.js';

/** Why a certificate was not taken: the caller names the variable; this says what to do. */
export class CertificadoNoValido extends Error {
  constructor(
    readonly variable: 'VERIFACTU_CERT' | 'VERIFACTU_CERT_PASSWORD',
    message: string,
  ) {
    super(message);
  }
}

const NIF_EN_TEXTO = /\b(?:IDCES-|VATES-)?([0-9XYZKLM]\d{7}[A-Z]|[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J])\b/;

function nifDelSujeto(sujeto: Record<string, string | string[] | undefined>): string | undefined {
  for (const campo of ['serialNumber', 'organizationIdentifier', 'CN']) {
    const valor = sujeto[campo];
    const m = NIF_EN_TEXTO.exec(Array.isArray(valor) ? valor.join(' ') : (valor ?? ''));
    if (m) return m[1];
  }
  return undefined;
}

/**
 * Reads and opens the file now; any failure says which variable to fix and how. An expired
 * certificate is refused too: the AEAT would refuse every message it signs the connection of.
 */
export function readCertificado(ruta: string, passphrase: string, ahora = new Date()): Certificado {
  let pfx: Buffer;
  try {
    pfx = readFileSync(ruta);
  } catch (err) {
    const causa = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no existe' : `no se puede leer (${(err as Error).message})`;
    throw new CertificadoNoValido('VERIFACTU_CERT', `el fichero «${ruta}» ${causa}: debe ser el certificado del obligado (PKCS#12, .p12 o .pfx)`);
  }
  let cert: tls.PeerCertificate | object | null;
  try {
    const socket = new tls.TLSSocket(null as never, { secureContext: tls.createSecureContext({ pfx, passphrase }) });
    cert = socket.getCertificate();
    socket.destroy();
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (/mac verify failure|bad decrypt|invalid password/i.test(e.message)) {
      throw new CertificadoNoValido('VERIFACTU_CERT_PASSWORD', `no es la contraseña del certificado «${ruta}»`);
    }
    if (e.code === 'ERR_CRYPTO_UNSUPPORTED_OPERATION' || /unsupported/i.test(e.message)) {
      throw new CertificadoNoValido(
        'VERIFACTU_CERT',
        `«${ruta}» está cifrado con un algoritmo antiguo (RC2 o 3DES, como lo exportan algunos navegadores y la FNMT) que OpenSSL 3 ya no abre. ` +
          `Conviértelo una vez: openssl pkcs12 -legacy -in ${ruta} -nodes -out cert.pem && openssl pkcs12 -export -in cert.pem -out nuevo.p12 (y borra cert.pem), y apunta VERIFACTU_CERT a nuevo.p12`,
      );
    }
    throw new CertificadoNoValido('VERIFACTU_CERT', `«${ruta}» no es un certificado PKCS#12 (.p12 o .pfx) con su clave privada (${e.message})`);
  }
  if (!cert || !('raw' in cert)) throw new CertificadoNoValido('VERIFACTU_CERT', `«${ruta}» no contiene ningún certificado`);
  const x509 = new X509Certificate(cert.raw);
  const sujeto = cert.subject as unknown as Record<string, string | string[] | undefined>;
  const titular = [sujeto.CN].flat().filter(Boolean).join(' ') || x509.subject.replace(/\n/g, ', ');
  const caduca = new Date(x509.validTo);
  if (caduca <= ahora) {
    throw new CertificadoNoValido('VERIFACTU_CERT', `el certificado «${ruta}» de ${titular} caducó el ${fechaEs(caduca)}: renuévalo y apunta VERIFACTU_CERT al nuevo`);
  }
  return { pfx, passphrase, titular, nif: nifDelSujeto(sujeto), validoDesde: new Date(x509.validFrom), caduca, huella: x509.fingerprint256 };
}

/** Whole days left before it expires (0 on its last day). */
export const diasHastaCaducar = (c: Pick<Certificado, 'caduca'>, ahora = new Date()) => Math.floor((c.caduca.getTime() - ahora.getTime()) / 86_400_000);

export const fechaEs = (d: Date) => d.toLocaleDateString('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Madrid' });
