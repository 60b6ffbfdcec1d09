// A TCP relay in front of a real service (S3, PostgreSQL) that a test can cut and restore, as a
// network outage would; `cortarAlVer` cuts it the moment the client sends a given text (a
// COMMIT), so the fault lands exactly where the test wants it.
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface Relevo {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly puerto: number;
  /** Closes it and every connection through it; nothing connects until `abrir`. */
  cortar(): Promise<void>;
  /** Listens again, on the same port. */
  abrir(): Promise<void>;
  /** Cuts every open connection the next time a client sends `texto` (once), before it passes. */
  cortarAlVer(texto: string): void;
}

export async function relevo(host: string, port: number): Promise<Relevo> {
  const abiertos = new Set<Socket>();
  let servidor: Server | undefined;
  let puerto = 0;
  let trampa: string | undefined;
  const cortarConexiones = () => {
    for (const s of abiertos) s.destroy();
  };
  const abrir = () =>
    new Promise<void>((ok, falla) => {
      servidor = createServer((entrante) => {
        const saliente = createConnection(port, host);
        for (const s of [entrante, saliente]) {
          abiertos.add(s);
          s.on('close', () => abiertos.delete(s));
          s.on('error', () => undefined);
        }
        entrante.on('data', (trozo: Buffer) => {
          if (trampa && trozo.includes(trampa)) {
            trampa = undefined;
            cortarConexiones();
            return;
          }
          if (!saliente.write(trozo)) entrante.pause();
        });
        saliente.on('drain', () => entrante.resume());
        saliente.pipe(entrante);
        entrante.on('end', () => saliente.end());
      });
      servidor.once('error', falla);
      servidor.listen(puerto, '127.0.0.1', () => {
        puerto = (servidor!.address() as { port: number }).port;
        ok();
      });
    });
  await abrir();
  return {
    get url() {
      return `http://127.0.0.1:${puerto}`;
    },
    get puerto() {
      return puerto;
    },
    cortar: () =>
      new Promise<void>((ok) => {
        servidor!.close(() => ok());
        cortarConexiones();
      }),
    abrir,
    cortarAlVer(texto) {
      trampa = texto;
    },
  };
}
