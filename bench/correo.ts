// `npx tsx bench/correo.ts [sqlite|pg] [facturas] [perfil]` (SQLite and 10 000 by default; also
// `npm run bench -- --only correo`). Issue 34: the outbox end to end on a scratch database with
// the demo data (pg: the schema `correo` of TEST_DATABASE_URL's server's bench database).
// 1. Queue: `facturas` drafts issued in this process (POST /facturas/{id}/emitir, ENVIAR_FACTURAS on,
//    no SMTP_URL yet), each queueing its message in its own transaction: issued per second.
// 2. Delivery: the API in its own process (bench/server.ts), now with SMTP_URL pointing at a local
//    smtp-server that only counts what arrives: at start it gives each waiting message its sending
//    job, and the one-at-a-time sender delivers them, each with its invoice's PDF. Messages per
//    second from the process's start to the last one received, each Message-ID checked once, and
//    the sender process's peak RSS (VmHWM). With `perfil`, where the sender's CPU goes per message.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../api/src/app.js';
import { loadConfig } from '../api/src/config/index.js';
import { createDb } from '../api/src/db/index.js';
import { prepareDatabase } from '../api/src/preparacion.js';
import { sembrarDemo } from '../seeds/prepare.js';
import { startServer } from './api.js';
import { seedDatos } from './emitir.js';
import { baseDePrueba, targetFor, type Target } from './fill.js';
import { type CpuProfile, describePerfil, summarize } from './perfil.js';

const SCHEMA = 'correo';
const ORIGEN = 'http://localhost:8080';

export interface CorreoMedida {
  mensajes: number;
  /** Invoices issued (each with its message queued) per second, in this process. */
  encoladosPorS: number;
  /** Messages delivered per second, from the sender's process start to the last one received. */
  entregadosPorS: number;
  /** Queue and delivery together: messages per second from the first issue to the last delivery. */
  extremoAExtremoPorS: number;
  /** The sender process's peak resident memory, MiB. */
  rssPicoMiB: number;
  /** Bytes received per message (the PDF is most of it). */
  bytesPorMensaje: number;
  duplicados: number;
}

/** An SMTP server that only counts: the Message-ID of each message and its size. */
async function startContador() {
  const vistos = new Map<string, number>();
  let bytes = 0;
  const servidor = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    hideSTARTTLS: true,
    logger: false,
    size: 30 * 1024 * 1024,
    onData(stream, _session, cb) {
      let cabecera = '';
      stream.on('data', (p: Buffer) => {
        bytes += p.length;
        if (cabecera.length < 8192) cabecera += p.toString('latin1');
      });
      stream.on('end', () => {
        const id = /^Message-ID:\s*(<[^>]+>)/im.exec(cabecera)?.[1] ?? '?';
        vistos.set(id, (vistos.get(id) ?? 0) + 1);
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', () => resolve()));
  const port = ((servidor as unknown as { server: { address(): AddressInfo } }).server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    vistos,
    recibidos: () => [...vistos.values()].reduce((a, b) => a + b, 0),
    bytes: () => bytes,
    stop: () => new Promise<void>((resolve) => servidor.close(() => resolve())),
  };
}

/** Peak resident memory of a process so far (Linux), MiB. */
const rssPico = (pid: number) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

export async function measureCorreo(target: Target, n: number, log: (m: string) => void, perfilar = false): Promise<CorreoMedida> {
  const url = await baseDePrueba(target, SCHEMA);
  const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent' });
  const db = createDb(config.database);
  const smtp = await startContador();
  try {
    await prepareDatabase(db, config, { log: () => undefined, demo: sembrarDemo });
    const { borradores } = await seedDatos(db, n);

    // 1. Queue, in this process: no SMTP_URL, so each message waits in the outbox.
    const app = await buildApp({ config, db, remitente: { arrancar: false } });
    const inicio = performance.now();
    try {
      const login = await app.inject({ method: 'POST', url: '/logins/login', payload: { usuario: 'admin', pass: 'admin' } });
      const cookie = [login.headers['set-cookie']].flat().find((c) => c?.startsWith('aula_sesion='))!.split(';')[0];
      for (const id of borradores) {
        const res = await app.inject({ method: 'POST', url: `/facturas/${id}/emitir`, headers: { cookie, origin: ORIGEN, 'content-type': 'application/json' }, payload: {} });
        if (res.statusCode !== 200) throw new Error(`emitir ${id}: HTTP ${res.statusCode} ${res.body}`);
      }
    } finally {
      await app.close();
    }
    const sEncolar = (performance.now() - inicio) / 1000;
    // The demo data's own messages (its issued invoices, its matrículas' welcomes) wait too, and go with them.
    const [{ c }] = (await db('correos').where('estado', 'pendiente').count({ c: '*' })) as { c: number | string }[];
    const total = Number(c);
    if (total < n) throw new Error(`${total} correos pendientes, se esperaban al menos ${n}`);
    log(`${target.dialect}: ${n.toLocaleString('es-ES')} facturas emitidas, cada una con su correo en cola, en ${sEncolar.toFixed(1)} s (${Math.round(n / sEncolar)}/s)`);

    // 2. Delivery, by the API in its own process.
    const env = { DATABASE_URL: url, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', WORKERS: '1', SMTP_URL: smtp.url, MAIL_FROM: 'Academia <facturas@academia.test>', SMTP_MAX_POR_MINUTO: '100000' };
    const t0 = performance.now();
    const api = await startServer('./server.ts', env);
    let rss = 0;
    const muestreo = setInterval(() => (rss = Math.max(rss, rssPico(api.pid))), 500);
    const entregados = async () => {
      let ultimo = -1;
      let quieto = performance.now();
      while (smtp.recibidos() < total) {
        await new Promise((r) => setTimeout(r, 100));
        const ahora = smtp.recibidos();
        if (ahora !== ultimo) [ultimo, quieto] = [ahora, performance.now()];
        if (performance.now() - quieto > 60_000) throw new Error(`la entrega se paró en ${ahora} de ${total}`);
      }
    };
    try {
      if (perfilar) {
        const { file, cpuUs } = await api.perfil!('correo', entregados);
        for (const linea of describePerfil(`envío de un correo (${file})`, summarize(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, total, cpuUs, 20))) log(linea);
      } else await entregados();
      rss = Math.max(rss, rssPico(api.pid));
    } finally {
      clearInterval(muestreo);
      await api.stop();
    }
    const sEntregar = (performance.now() - t0) / 1000;
    const duplicados = [...smtp.vistos.values()].filter((v) => v > 1).length;
    const medida: CorreoMedida = {
      mensajes: total,
      encoladosPorS: n / sEncolar,
      entregadosPorS: total / sEntregar,
      extremoAExtremoPorS: total / (sEncolar + sEntregar),
      rssPicoMiB: rss,
      bytesPorMensaje: smtp.bytes() / smtp.recibidos(),
      duplicados,
    };
    log(describeCorreo(target.dialect, medida));
    return medida;
  } finally {
    await smtp.stop();
    await db.destroy();
  }
}

export const describeCorreo = (dialect: string, m: CorreoMedida) =>
  `${dialect}: ${m.mensajes.toLocaleString('es-ES')} correos con su PDF (${Math.round(m.bytesPorMensaje / 1024)} KiB cada uno): en cola ${Math.round(m.encoladosPorS)}/s · entregados ${m.entregadosPorS.toFixed(1)}/s desde el arranque del remitente · de extremo a extremo ${m.extremoAExtremoPorS.toFixed(1)}/s · RSS máximo del remitente ${Math.round(m.rssPicoMiB)} MiB · ${m.duplicados} Message-ID repetidos`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dialect = (process.argv[2] ?? 'sqlite') as 'pg' | 'sqlite';
  const n = Number(process.argv[3] ?? 10_000);
  const target = targetFor(dialect, process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', 'aula_bench');
  await measureCorreo(target, n, console.log, process.argv[4] === 'perfil');
  process.exit(0);
}
