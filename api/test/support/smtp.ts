// A real SMTP server for the tests (the `smtp-server` package, what Nodemailer's own tests use),
// with every message read back by `mailparser`: the stand-in of the academy's mail provider.
// It can demand STARTTLS and a login, and answer a message with an error chosen per attempt
// (a 451 «try later», a 550 «no such mailbox»).
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface OpcionesSmtp {
  /** STARTTLS with this certificate (the server offers it and requires it). */
  tls?: { cert: string; key: string };
  /** Require this login (AUTH PLAIN/LOGIN). */
  credenciales?: { usuario: string; pass: string };
  /**
   * The answer to the nth message (from 1) for this recipient: a code ≥ 400 refuses it with that
   * code; nothing accepts it.
   */
  respuesta?: (n: number, para: string) => number | undefined;
  /** Listen on this port (a restarted server takes its old one). */
  port?: number;
  /**
   * Hold each accepted message this long, already received, before answering 250: a slow
   * provider, so a sender killed meanwhile never hears that its message arrived.
   */
  esperaMs?: number;
}

export interface Recibido {
  mail: ParsedMail;
  raw: Buffer;
  /** The envelope, as the client gave it. */
  de: string;
  para: string[];
  usuario?: string;
  seguro: boolean;
}

export interface ServidorSmtp {
  port: number;
  recibidos: Recibido[];
  /** Messages refused so far (each attempt), by code. */
  rechazos: { para: string; codigo: number }[];
  url(usuarioPass?: string): string;
  /** Waits until `n` messages arrived (or fails after `ms`). */
  waitFor(n: number, ms?: number): Promise<Recibido[]>;
  stop(): Promise<void>;
}

export async function startSmtp(o: OpcionesSmtp = {}): Promise<ServidorSmtp> {
  const recibidos: Recibido[] = [];
  const rechazos: { para: string; codigo: number }[] = [];
  const intentos = new Map<string, number>();
  const tls = o.tls ? { cert: await readFile(o.tls.cert), key: await readFile(o.tls.key) } : undefined;
  const servidor = new SMTPServer({
    secure: false,
    ...(tls ?? {}),
    disabledCommands: o.tls ? [] : ['STARTTLS'],
    hideSTARTTLS: !o.tls,
    authOptional: !o.credenciales,
    ...(o.credenciales ? {} : { disabledCommands: [...(o.tls ? [] : ['STARTTLS']), 'AUTH'] }),
    // Without STARTTLS first, the server refuses to take a password in clear.
    allowInsecureAuth: false,
    logger: false,
    size: 30 * 1024 * 1024,
    onAuth(auth, _session, cb) {
      if (o.credenciales && auth.username === o.credenciales.usuario && auth.password === o.credenciales.pass) return cb(null, { user: auth.username });
      cb(Object.assign(new Error('Credenciales no válidas'), { responseCode: 535 }));
    },
    onData(stream, session, cb) {
      const partes: Buffer[] = [];
      stream.on('data', (p: Buffer) => partes.push(p));
      stream.on('end', async () => {
        const para = session.envelope.rcptTo.map((r) => r.address);
        const clave = para.join(',');
        const n = (intentos.get(clave) ?? 0) + 1;
        intentos.set(clave, n);
        const codigo = o.respuesta?.(n, clave);
        if (codigo && codigo >= 400) {
          rechazos.push({ para: clave, codigo });
          return cb(Object.assign(new Error(codigo >= 500 ? 'No existe ese buzón' : 'Inténtalo más tarde'), { responseCode: codigo }));
        }
        const raw = Buffer.concat(partes);
        recibidos.push({ mail: await simpleParser(raw), raw, de: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', para, usuario: session.user as string | undefined, seguro: Boolean(session.secure) });
        if (o.esperaMs) await new Promise((r) => setTimeout(r, o.esperaMs));
        cb();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    servidor.once('error', reject);
    servidor.listen(o.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = ((servidor as unknown as { server: { address(): AddressInfo } }).server.address() as AddressInfo).port;
  return {
    port,
    recibidos,
    rechazos,
    url: (usuarioPass) => `smtp://${usuarioPass ? `${usuarioPass}@` : ''}127.0.0.1:${port}`,
    async waitFor(n, ms = 15_000) {
      const hasta = Date.now() + ms;
      while (recibidos.length < n) {
        if (Date.now() > hasta) throw new Error(`Llegaron ${recibidos.length} de ${n} mensajes en ${ms} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return recibidos;
    },
    stop: () => new Promise<void>((resolve) => servidor.close(() => resolve())),
  };
}
