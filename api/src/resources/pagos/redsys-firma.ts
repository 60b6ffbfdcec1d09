// Redsys's HMAC_SHA256_V1 signature, as its integration kit computes it: the merchant key
// (24 bytes) is diversified per order by encrypting the order number with 3DES-CBC (zero IV, the
// order padded with zero bytes to a multiple of 8), and that key signs the parameters exactly as
// sent (their base64 text) with HMAC-SHA-256. Notifications sign with base64url, the REST service
// with plain base64: both spellings of one signature are the same bytes.
import { createCipheriv, createHmac, timingSafeEqual } from 'node:crypto';

export const VERSION_FIRMA = 'HMAC_SHA256_V1';

function diversifyKey(clave: Buffer, pedido: string): Buffer {
  const bytes = Buffer.from(pedido, 'utf8');
  const relleno = Buffer.alloc(Math.ceil(bytes.length / 8) * 8 || 8);
  bytes.copy(relleno);
  const cifrador = createCipheriv('des-ede3-cbc', clave, Buffer.alloc(8));
  cifrador.setAutoPadding(false);
  return Buffer.concat([cifrador.update(relleno), cifrador.final()]);
}

/** The signature's bytes of `parametros` (the base64 text as sent) for order `pedido`. */
export function signRedsys(clave: Buffer, pedido: string, parametros: string): Buffer {
  return createHmac('sha256', diversifyKey(clave, pedido)).update(parametros).digest();
}

/** Whether `firma` (base64 or base64url, as received) is the signature of `parametros`. */
export function verifyRedsys(clave: Buffer, pedido: string, parametros: string, firma: string): boolean {
  const recibida = Buffer.from(firma.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  const esperada = signRedsys(clave, pedido, parametros);
  return recibida.length === esperada.length && timingSafeEqual(recibida, esperada);
}

/** The parameters' JSON object from their base64 (or base64url) text; null when it is not one. */
export function decodeParametros(parametros: string): Record<string, unknown> | null {
  try {
    const valor: unknown = JSON.parse(Buffer.from(parametros.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8'));
    return valor && typeof valor === 'object' && !Array.isArray(valor) ? (valor as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The base64 text of a parameters object, as Redsys's kit encodes them for a request. */
export const encodeParametros = (datos: Record<string, string>): string => Buffer.from(JSON.stringify(datos), 'utf8').toString('base64');
