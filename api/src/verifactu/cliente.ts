// One POST of a SOAP 1.1 envelope to the AEAT over HTTPS, authenticated with the obligado's
// certificate as the TLS client certificate: node:https with the PKCS#12 as it is, no SOAP
// library. The answer comes back as text whatever its status (a Fault arrives with a 500).
import https from 'node:https';
import tls from 'node:tls';
import type { VerifactuConfig } from '../config/index.js';
import { mensajes } from '../mensajes.js';

/** No answer at all: the connection failed, was cut, or the AEAT took longer than allowed. */
export class SinRespuesta extends Error {}

/** More than any real answer to a thousand records (a few hundred kB). */
const MAX_RESPUESTA = 32 * 1024 * 1024;

export interface ClienteAeat {
  send(sobre: string): Promise<{ status: number; cuerpo: string }>;
  close(): void;
}

export function clienteAeat(c: Pick<VerifactuConfig, 'url' | 'certificado' | 'ca' | 'timeoutMs'>): ClienteAeat {
  const url = new URL(c.url);
  // A CA of its own (VERIFACTU_CA) is trusted besides the system's, never instead of them.
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: 1,
    pfx: c.certificado?.pfx,
    passphrase: c.certificado?.passphrase,
    ca: c.ca ? [...tls.rootCertificates, c.ca.toString('utf8')] : undefined,
  });
  return {
    send: (sobre) =>
      new Promise((resolve, reject) => {
        const cuerpo = Buffer.from(sobre, 'utf8');
        const req = https.request(
          url,
          {
            method: 'POST',
            agent,
            headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '""', 'Content-Length': cuerpo.length },
          },
          (res) => {
            const partes: Buffer[] = [];
            let recibidos = 0;
            res.on('data', (parte: Buffer) => {
              recibidos += parte.length;
              if (recibidos > MAX_RESPUESTA) req.destroy(new SinRespuesta(mensajes.verifactu.sinRespuesta.demasiadoGrande));
              else partes.push(parte);
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, cuerpo: Buffer.concat(partes).toString('utf8') }));
            res.on('error', (err) => reject(new SinRespuesta(err.message)));
          },
        );
        const reloj = setTimeout(() => req.destroy(new SinRespuesta(mensajes.verifactu.sinRespuesta.tiempo(c.timeoutMs / 1000))), c.timeoutMs);
        req.on('close', () => clearTimeout(reloj));
        req.on('error', (err) => reject(err instanceof SinRespuesta ? err : new SinRespuesta(`${(err as NodeJS.ErrnoException).code ?? ''} ${err.message}`.trim())));
        req.end(cuerpo);
      }),
    close: () => agent.destroy(),
  };
}
