// The demo database: a small online course business eighteen months into its life, with
// realistic Spanish data, deterministic for a given `now` (seeded PRNG). Everything goes in
// one transaction: either the whole demo is there or none of it.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { hashPassword, type ScryptParams } from '../api/src/auth/passwords.js';
import { newToken } from '../api/src/auth/tokens.js';
import type { ArchivosDemo, VideoSembrado } from './archivos.js';
import { categorias as categoriasDemo, clasesPrivadas, cursos as cursosDemo } from './catalogo.js';
import { clienteDe } from '../contrato/cliente.js';
import { dominios, persona, slug, type Persona } from './personas.js';
import { Random } from './random.js';
import { desglose } from '../api/src/resources/facturas/index.js';
import { importeEs } from '../api/src/resources/facturas/formato.js';
import { mensajes } from '../api/src/mensajes.js';
import { correosDemo } from './correos.js';
import { DAY, insertBatches, iso, monthsBefore, nextId, resetSequences, type Row } from './util.js';

export interface SeedDemoOptions {
  /** The stored hash for the administrator `admin` (e.g. hashPassword('admin', config.scrypt)), and of the demo's contable `carmen` and editor `pablo`. */
  adminPasswordHash: string;
  /** The stored hash for the second administrator `lucia`; by default `lucia` is hashed here. */
  luciaPasswordHash?: string;
  /** scrypt parameters for hashing `lucia`; by default the ones of adminPasswordHash. */
  scrypt?: ScryptParams;
  /** The moment the business is "now": every date is at or before it. Default: the real now. */
  now?: Date;
  /** PRNG seed; the same seed and `now` give the same data. */
  seed?: number;
  /** How many usuarios and pagos (defaults 400 and 4000). */
  usuarios?: number;
  pagos?: number;
  /**
   * The demo's stored media (seeds/archivos.ts): clases take its clips and thumbnails, cursos a
   * photo by categoría. Without it clases.video/miniatura and cursos.foto stay null, never a
   * path with no file behind it.
   */
  archivos?: ArchivosDemo;
}

export interface SeedDemoResult {
  categorias: number;
  cursos: number;
  clases: number;
  usuarios: number;
  pagos: number;
  facturas: number;
  logins: number;
  logs: number;
}

/** The scrypt parameters stored inside a hash (`scrypt$N$r$p$salt$key`). */
function paramsOf(hash: string): ScryptParams | undefined {
  const [alg, N, r, p] = hash.split('$');
  if (alg !== 'scrypt' || !Number(N) || !Number(r) || !Number(p)) return undefined;
  return { N: Number(N), r: Number(r), p: Number(p) };
}

/** A curso's accesoDias by its place in the catalogue: none is for ever. */
const ACCESO_DIAS = [null, 365, null, 180] as const;

const METODOS = [
  ['tarjeta', 56],
  ['paypal', 20],
  ['bizum', 14],
  ['transferencia', 8],
  ['efectivo', 2],
] as const;
type Metodo = (typeof METODOS)[number][0];

/** A reference like the payment gateway or the bank would give. */
export function referencia(rng: Random, metodo: Metodo, fecha: number, n: number): string | null {
  switch (metodo) {
    case 'tarjeta':
      return rng.chance(0.7) ? `ch_${rng.chars(24, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789')}` : `REDSYS-${rng.digits(12)}`;
    case 'paypal':
      return rng.chars(17);
    case 'bizum':
      return `BZM${rng.digits(13)}`;
    case 'transferencia':
      return `TRF-${new Date(fecha).getUTCFullYear()}-${String(n).padStart(6, '0')}`;
    case 'efectivo':
      return rng.chance(0.6) ? `CAJA-${String(n % 10000).padStart(4, '0')}` : null;
  }
}

const motivosReembolso = [
  'Reembolso solicitado por el alumno dentro de los 14 días de desistimiento.',
  'Compra duplicada por error.',
  'El alumno se matriculó en el curso equivocado.',
  'Reembolso por incidencia técnica con la reproducción de los vídeos.',
];
const motivosFallo = ['Tarjeta denegada por el banco emisor.', 'Autenticación 3-D Secure no completada.', 'Fondos insuficientes.', 'Operación cancelada por el cliente.'];

const descripcionesClase = [
  (t: string) => `En esta clase veremos ${t.charAt(0).toLowerCase()}${t.slice(1)}, con ejemplos paso a paso.`,
  (t: string) => `${t}: explicación teórica y ejercicio práctico al final de la clase.`,
  (t: string) => `Clase práctica sobre ${t.charAt(0).toLowerCase()}${t.slice(1)}. Incluye material descargable.`,
];

/** A unique, plausible e-mail address for the person (no «.<digits>@», which scale uses). */
function email(rng: Random, p: Persona, used: Set<string>): string {
  const n = slug(p.nombre.split(' ')[0]);
  const [a1, a2 = ''] = p.apellidos.split(' ').map((s) => slug(s, ''));
  const locals = [`${n}.${a1}`, `${n}${a1}`, `${n}.${a1}.${a2}`, `${n[0]}${a1}`, `${n}_${a1}`, `${n}${a1}${rng.int(70, 99)}`, `${n}.${a1}${rng.int(1, 99)}`];
  for (let attempt = 0; ; attempt++) {
    const local = attempt < 3 ? rng.pick(locals) : `${n}${a1}${rng.int(100, 9999)}`;
    const address = `${local}@${p.pais === 'ES' ? rng.pick(dominios) : rng.pick(['gmail.com', 'outlook.com', 'hotmail.com'])}`;
    if (!used.has(address)) {
      used.add(address);
      return address;
    }
  }
}

/** A clase's video fields: the clip's file, thumbnail and duration (which is the clase's, as after an upload). */
function conClip(clip: VideoSembrado | undefined, duracion: number) {
  return { video: clip?.ruta ?? null, miniatura: clip?.miniatura ?? null, duracion: clip?.duracion ?? duracion };
}

export async function seedDemo(db: Knex | Knex.Transaction, opts: SeedDemoOptions): Promise<SeedDemoResult> {
  const rng = new Random(opts.seed ?? 20240917);
  const nowMs = (opts.now ?? new Date()).getTime();
  const now = new Date(nowMs);
  const start = monthsBefore(now, 18);
  const span = nowMs - start;
  const nUsuarios = opts.usuarios ?? 400;
  const nPagos = opts.pagos ?? 4000;
  const luciaHash =
    opts.luciaPasswordHash ?? (await hashPassword('lucia', opts.scrypt ?? paramsOf(opts.adminPasswordHash) ?? { N: 2 ** 17, r: 8, p: 1 }));

  return db.transaction(async (trx) => {
    const ids = {
      categorias: await nextId(trx, 'categorias'),
      cursos: await nextId(trx, 'cursos'),
      clases: await nextId(trx, 'clases'),
      usuarios: await nextId(trx, 'usuarios'),
      pagos: await nextId(trx, 'pagos'),
      facturas: await nextId(trx, 'facturas'),
      logins: await nextId(trx, 'logins'),
      logs: await nextId(trx, 'logs'),
      reembolsos: await nextId(trx, 'reembolsos'),
      tokens: await nextId(trx, 'tokens'),
      notificaciones: await nextId(trx, 'notificaciones'),
      extractos: await nextId(trx, 'extractos'),
      movimientos: await nextId(trx, 'movimientos'),
      matriculas: await nextId(trx, 'matriculas'),
      correos: await nextId(trx, 'correos'),
    };
    const serieA = (await trx('facturas').where('serie', 'A').max({ m: 'numero' }).first()) as { m: number | null } | undefined;
    const serieR = (await trx('facturas').where('serie', 'R').max({ m: 'numero' }).first()) as { m: number | null } | undefined;

    // Categorías: the business's catalogue existed a couple of months before the first sale.
    const opened = start - 75 * DAY;
    const categoriaId = new Map<string, number>();
    const fotos = opts.archivos?.fotos ?? [];
    const videos = opts.archivos?.videos ?? [];
    // A categoría's own photo when one shows its name; otherwise the stand-ins take turns.
    const fotoDe = (categoria: string) =>
      (fotos.find((f) => f.titulo === categoria) ?? fotos[categoriasDemo.findIndex((c) => c.nombre === categoria) % fotos.length])?.ruta ?? null;
    const categorias: Row[] = categoriasDemo.map((c, i) => {
      const id = ids.categorias + i;
      categoriaId.set(c.nombre, id);
      const at = iso(opened + i * 3_600_000);
      return { id, nombre: c.nombre, descripcion: c.descripcion, orden: (i + 1) * 10, createdAt: at, updatedAt: at };
    });

    // Cursos: most on sale from the start; a few launched during the period, one archived
    // half-way, and drafts still being prepared.
    interface CursoInfo {
      id: number;
      titulo: string;
      precio: number;
      popularidad: number;
      desde: number;
      hasta: number;
      estado: string;
      createdAt: number;
    }
    const cursoInfo: CursoInfo[] = [];
    const launchedLater = new Set(['React y TypeScript: aplicaciones modernas', 'Producción musical con Ableton Live', 'Panadería artesana en casa']);
    const cursos: Row[] = cursosDemo.map((c, i) => {
      const id = ids.cursos + i;
      let createdAt = opened + (i + 1) * DAY + rng.int(0, 20) * DAY;
      if (launchedLater.has(c.titulo)) createdAt = start + rng.int(4, 11) * 30 * DAY;
      if (c.estado === 'borrador') createdAt = nowMs - rng.int(10, 40) * DAY;
      const hasta = c.estado === 'archivado' ? start + 9 * 30 * DAY : nowMs;
      cursoInfo.push({ id, titulo: c.titulo, precio: c.precio, popularidad: c.popularidad, desde: createdAt, hasta, estado: c.estado, createdAt });
      return {
        id,
        titulo: c.titulo,
        descripcion: c.descripcion,
        categoriaId: categoriaId.get(c.categoria)!,
        precio: c.precio,
        moneda: 'EUR',
        nivel: c.nivel,
        estado: c.estado,
        // How long a purchase gives access (docs/arquitectura.md §22): a year for some, half a year
        // for others, for ever for the rest.
        accesoDias: ACCESO_DIAS[i % ACCESO_DIAS.length],
        foto: fotoDe(c.categoria),
        createdAt: iso(createdAt),
        updatedAt: iso(c.estado === 'archivado' ? hasta : Math.min(nowMs, createdAt + rng.int(1, 60) * DAY)),
      };
    });

    // Usuarios: sign-ups grow over the eighteen months; ids in sign-up order.
    const used = new Set<string>();
    const signups = Array.from({ length: nUsuarios }, () => start + Math.floor(rng.next() ** 0.8 * span)).sort((a, b) => a - b);
    const people: (Persona & { id: number; email: string; createdAt: number })[] = [];
    const notas = ['Solicita las facturas a nombre de su empresa.', 'Alumna con beca del programa de empleo.', 'Prefiere contacto por correo electrónico.', 'Antiguo alumno de los cursos presenciales.'];
    const usuarios: Row[] = signups.map((createdAt, i) => {
      const p = persona(rng);
      const id = ids.usuarios + i;
      const mail = email(rng, p, used);
      people.push({ ...p, id, email: mail, createdAt });
      return {
        id,
        ...p,
        email: mail,
        activo: rng.chance(0.96),
        notas: rng.chance(0.04) ? rng.pick(notas) : null,
        createdAt: iso(createdAt),
        updatedAt: iso(Math.min(nowMs, createdAt + (rng.chance(0.3) ? rng.int(1, 200) * DAY : 0))),
      };
    });

    // Clases of each curso, in order; the first is a free preview.
    const clases: Row[] = [];
    for (const [i, c] of cursosDemo.entries()) {
      const info = cursoInfo[i];
      c.clases.forEach((titulo, k) => {
        const at = iso(Math.min(nowMs, info.createdAt + (k + 1) * 3_600_000));
        const borrador = c.estado === 'borrador' && k >= c.clases.length - 2;
        // Clases still being prepared have no video yet; the others share the few clips: the
        // welcome one first, then the next, the last for the rest.
        const clip = borrador ? undefined : videos[Math.min(k, videos.length - 1)];
        const descripcion = rng.chance(0.85) ? rng.pick(descripcionesClase)(titulo) : null;
        const duracion = k === 0 ? rng.int(90, 300) : rng.int(240, 1500);
        clases.push({
          id: ids.clases + clases.length,
          titulo,
          descripcion,
          cursoId: info.id,
          usuarioId: null,
          orden: k + 1,
          ...conClip(clip, duracion),
          gratuita: k === 0,
          estado: borrador ? 'borrador' : 'publicada',
          createdAt: at,
          updatedAt: at,
        });
      });
    }

    // Pagos: dated over the period with the business growing, each by a usuario already signed
    // up and for a curso on sale at the time.
    const fechas = Array.from({ length: nPagos }, () => start + Math.floor(rng.next() ** 0.75 * span)).sort((a, b) => a - b);
    const vendibles = cursoInfo.filter((c) => c.popularidad > 0);
    const pesos = vendibles.map((c) => [c, c.popularidad] as const);
    const pagos: Row[] = [];
    const pagoMeta: { usuario: (typeof people)[number]; curso: CursoInfo; refundedAt?: number }[] = [];
    let signedUp = 0;
    let previous = people[0].createdAt + 60_000;
    for (const [n, raw] of fechas.entries()) {
      while (signedUp < people.length && people[signedUp].createdAt <= raw) signedUp++;
      const fecha = (previous = Math.max(raw, previous));
      const usuario = people[rng.int(0, Math.max(0, signedUp - 1))];
      let curso = rng.weighted(pesos);
      for (let tries = 0; tries < 20 && (curso.desde > fecha || curso.hasta < fecha); tries++) curso = rng.weighted(pesos);
      if (curso.desde > fecha || curso.hasta < fecha) curso = vendibles.find((c) => c.desde <= fecha && c.hasta >= fecha) ?? curso;
      const metodo = rng.weighted(METODOS);
      const age = nowMs - fecha;
      let estado: string;
      if (metodo === 'transferencia' && age < 4 * DAY) estado = rng.chance(0.7) ? 'pendiente' : 'completado';
      else if (age < DAY && rng.chance(0.2)) estado = 'pendiente';
      else estado = rng.weighted([['completado', 86], ['fallido', metodo === 'efectivo' ? 0 : 7], ['reembolsado', 5], ['pendiente', metodo === 'transferencia' ? 2 : 0]] as const);
      const refundedAt = estado === 'reembolsado' ? Math.min(nowMs, fecha + rng.int(1, 14) * DAY + rng.int(0, 86_399_999)) : undefined;
      pagoMeta.push({ usuario, curso, refundedAt });
      pagos.push({
        id: ids.pagos + n,
        usuarioId: usuario.id,
        cursoId: curso.id,
        facturaId: null,
        importe: curso.precio,
        moneda: 'EUR',
        metodo,
        estado,
        referencia: estado === 'fallido' && rng.chance(0.3) ? null : referencia(rng, metodo, fecha, n + 1),
        fecha: iso(fecha),
        notas: estado === 'reembolsado' ? rng.pick(motivosReembolso) : estado === 'fallido' ? rng.pick(motivosFallo) : null,
        fechaReembolso: refundedAt === undefined ? null : iso(refundedAt),
        importeReembolsado: refundedAt === undefined ? 0 : curso.precio,
        createdAt: iso(fecha),
        updatedAt: iso(refundedAt ?? fecha),
      });
    }

    // Facturas, serie A, correlative in date order: one for each paid (or later refunded) pago
    // of a customer with a NIF, except the last day's, which are issued in tomorrow's run. The
    // issuer and the VeriFactu records are added at start-up (chainEmitidas), as for any
    // invoice issued before the chain.
    const facturas: Row[] = [];
    const sinEmisor = { emisorNif: null, emisorNombre: null, emisorDomicilio: null, motivoRectificacion: null, rectificadaPorId: null };
    let numeroA = (serieA?.m ?? 0) + 1;
    const reembolsadas: { factura: Row; pago: Row; refundedAt: number }[] = [];
    pagos.forEach((pago, i) => {
      const { usuario, curso, refundedAt } = pagoMeta[i];
      const fecha = Date.parse(pago.fecha as string);
      if ((pago.estado !== 'completado' && pago.estado !== 'reembolsado') || !usuario.nif || nowMs - fecha < DAY) return;
      const id = ids.facturas + facturas.length;
      pago.facturaId = id;
      const reciente = nowMs - fecha < 30 * DAY;
      const factura: Row = {
        id,
        serie: 'A',
        numero: numeroA++,
        fecha: iso(fecha),
        tipo: 'F1',
        usuarioId: usuario.id,
        ...clienteDe(usuario),
        concepto: `Curso: ${curso.titulo}`,
        ...desglose(pago.importe as number, 21),
        estado: reciente && rng.chance(0.15) ? 'emitida' : 'pagada',
        rectificaId: null,
        ...sinEmisor,
        createdAt: iso(fecha),
        updatedAt: iso(fecha),
      };
      facturas.push(factura);
      if (refundedAt !== undefined) reembolsadas.push({ factura, pago, refundedAt });
    });

    // A refund of an invoiced pago issued its rectificativa (serie R, R4, por diferencias, the
    // whole invoice negated) when it happened: numbered in the order of the refunds; the invoice
    // names it as its latest.
    const rectificativas: Row[] = [];
    const rectificativaDe = new Map<unknown, number>();
    let numeroR = (serieR?.m ?? 0) + 1;
    for (const { factura, pago, refundedAt } of reembolsadas.sort((a, b) => a.refundedAt - b.refundedAt)) {
      // What the customer reads: what went back; the reason (the pago's notas) stays on the refund.
      const motivo = mensajes.facturacion.devolucion(importeEs(pago.importe as number));
      const id = ids.facturas + facturas.length + rectificativas.length;
      factura.rectificadaPorId = id;
      rectificativaDe.set(pago.id, id);
      rectificativas.push({
        ...factura,
        id,
        serie: 'R',
        numero: numeroR++,
        fecha: iso(refundedAt),
        tipo: 'R4',
        concepto: `Rectificación de la factura A-${factura.numero}: ${motivo}`,
        base: -(factura.base as number),
        cuotaIva: -(factura.cuotaIva as number),
        total: -(factura.total as number),
        estado: 'emitida',
        rectificaId: factura.id,
        rectificadaPorId: null,
        tipoRectificativa: 'I',
        motivoRectificacion: motivo,
        createdAt: iso(refundedAt),
        updatedAt: iso(refundedAt),
      });
    }

    // A few drafts (no number or date of issue until they are issued).
    const pendientes = pagos.filter((p) => p.estado === 'pendiente').slice(-4);
    const borradores: Row[] = pendientes.map((pago, i) => {
      const at = iso(Math.min(nowMs, Date.parse(pago.fecha as string) + 3_600_000));
      const { usuario, curso } = pagoMeta[pagos.indexOf(pago)];
      return {
        id: ids.facturas + facturas.length + rectificativas.length + i,
        serie: 'A',
        numero: null,
        fecha: null,
        usuarioId: usuario.id,
        ...clienteDe(usuario),
        concepto: `Curso: ${curso.titulo}`,
        tipo: usuario.nif ? 'F1' : 'F2',
        ...desglose(pago.importe as number, 21),
        estado: 'borrador',
        rectificaId: null,
        ...sinEmisor,
        createdAt: at,
        updatedAt: at,
      };
    });

    // Private lessons for a few students who bought something (one also tied to its curso).
    const compradores = [...new Set(pagoMeta.filter((_, i) => pagos[i].estado === 'completado').map((m) => m.usuario))];
    clasesPrivadas.forEach((titulo, i) => {
      const meta = pagoMeta[Math.floor(((i + 1) * pagoMeta.length) / (clasesPrivadas.length + 1))];
      const usuario = compradores.includes(meta.usuario) ? meta.usuario : compradores[i % compradores.length];
      const at = iso(Math.min(nowMs, Math.max(usuario.createdAt, start) + rng.int(5, 60) * DAY));
      clases.push({
        id: ids.clases + clases.length,
        titulo,
        descripcion: `Sesión individual grabada para ${usuario.nombre}.`,
        cursoId: i === 0 ? meta.curso.id : null,
        usuarioId: usuario.id,
        orden: 1,
        ...conClip(videos.length ? videos[i % videos.length] : undefined, rng.int(1800, 3600)),
        gratuita: false,
        estado: 'publicada',
        createdAt: at,
        updatedAt: at,
      });
    });

    // Administrators and a little activity.
    const adminId = ids.logins;
    const luciaId = ids.logins + 1;
    const loginsAt = iso(opened);
    const logins: Row[] = [
      { id: adminId, usuario: 'admin', pass: opts.adminPasswordHash, nombre: 'Administrador', email: 'admin@aula.example', rol: 'administrador', activo: true, ultimoAcceso: null, createdAt: loginsAt, updatedAt: loginsAt },
      {
        id: luciaId,
        usuario: 'lucia',
        pass: luciaHash,
        nombre: 'Lucía Fernández Ortega',
        email: 'lucia.fernandez@aula.example',
        rol: 'administrador',
        activo: true,
        ultimoAcceso: iso(nowMs - 2 * 3_600_000),
        createdAt: loginsAt,
        updatedAt: loginsAt,
      },
      // One account per role, so the demo shows what each sees: the gestoría's accountant and a content editor.
      // Development only, like admin, whose password they share.
      { id: ids.logins + 2, usuario: 'carmen', pass: opts.adminPasswordHash, nombre: 'Carmen Ruiz Molina', email: 'carmen.ruiz@aula.example', rol: 'contable', activo: true, ultimoAcceso: null, createdAt: loginsAt, updatedAt: loginsAt },
      { id: ids.logins + 3, usuario: 'pablo', pass: opts.adminPasswordHash, nombre: 'Pablo Herrera Sanz', email: 'pablo.herrera@aula.example', rol: 'editor', activo: true, ultimoAcceso: null, createdAt: loginsAt, updatedAt: loginsAt },
    ];
    // Each refunded pago's refund, whole, as Lucía made it, with the rectificativa it issued.
    const reembolsos: Row[] = pagos
      .filter((p) => p.estado === 'reembolsado')
      .map((p, i) => ({
        id: ids.reembolsos + i,
        pagoId: p.id,
        importe: p.importe,
        motivo: p.notas,
        fecha: p.fechaReembolso,
        facturaId: rectificativaDe.get(p.id) ?? null,
        loginId: luciaId,
        createdAt: p.fechaReembolso,
        updatedAt: p.fechaReembolso,
      }));
    // Matrículas (docs/arquitectura.md §22): each usuario's purchases of a curso give access from
    // the first until the curso's days after the last (for ever if it has none), caducada once
    // that is past; a curso whose only purchase was refunded, revoked by Lucía with the reason;
    // and a few given by hand, for ever.
    const matriculas: Row[] = [];
    const diasDe = new Map(cursos.map((c) => [Number(c.id), c.accesoDias as number | null]));
    const porPareja = new Map<string, Row[]>();
    for (const p of pagos) {
      if (p.estado !== 'completado' && p.estado !== 'reembolsado') continue;
      const clave = `${p.usuarioId}:${p.cursoId}`;
      porPareja.set(clave, [...(porPareja.get(clave) ?? []), p]);
    }
    const matricula = (m: Row) => {
      const at = String(m.updatedAt ?? m.desde);
      matriculas.push({ id: ids.matriculas + matriculas.length, pagoId: null, enDisputa: false, revocadaEn: null, revocadaPor: null, motivoRevocacion: null, createdAt: m.desde, ...m, updatedAt: at });
    };
    for (const compras of porPareja.values()) {
      const cobradas = compras.filter((p) => p.estado === 'completado');
      const { usuarioId, cursoId } = compras[0];
      const dias = diasDe.get(Number(cursoId)) ?? null;
      const finDe = (p: Row) => (dias == null ? null : Date.parse(String(p.fecha)) + dias * DAY);
      if (cobradas.length) {
        const ultima = cobradas[cobradas.length - 1];
        const fin = finDe(ultima);
        const caducada = fin != null && fin <= nowMs;
        matricula({ usuarioId, cursoId, desde: cobradas[0].fecha, hasta: fin == null ? null : iso(fin), estado: caducada ? 'caducada' : 'activa', origen: 'pago', pagoId: ultima.id, updatedAt: caducada ? iso(fin) : ultima.fecha });
      } else {
        const p = compras[compras.length - 1];
        const fin = finDe(p);
        matricula({ usuarioId, cursoId, desde: p.fecha, hasta: fin == null ? null : iso(fin), estado: 'revocada', origen: 'pago', pagoId: p.id, revocadaEn: p.fechaReembolso, revocadaPor: luciaId, motivoRevocacion: p.notas ?? 'Reembolso', updatedAt: p.fechaReembolso });
      }
    }
    const publicados = cursos.filter((c) => c.estado === 'publicado');
    for (const [i, u] of people.slice(0, 3).entries()) {
      const curso = publicados.find((c) => !porPareja.has(`${u.id}:${c.id}`) && !matriculas.some((m) => m.usuarioId === u.id && m.cursoId === c.id)) ?? publicados[i];
      if (porPareja.has(`${u.id}:${curso.id}`)) continue;
      const desde = iso(nowMs - (10 + i) * DAY);
      matricula({ usuarioId: u.id, cursoId: curso.id, desde, hasta: null, estado: 'activa', origen: 'manual', createdAt: desde, updatedAt: desde });
    }

    // A lote (docs/arquitectura.md §22), so «Lotes de matrículas» is not empty: two days ago the
    // contable Carmen enrolled five usuarios in the first published curso at once; four got the
    // access the curso gives and one, who already had it, was left as he was.
    const idLote = await nextId(trx, 'lotes');
    const loteAt = nowMs - 2 * DAY;
    const cursoLote = publicados[0];
    const diasLote = diasDe.get(Number(cursoLote.id)) ?? null;
    const yaEnCurso = matriculas.find((m) => m.cursoId === cursoLote.id && m.estado === 'activa');
    const nuevosLote = people.filter((u) => u.createdAt < loteAt && !matriculas.some((m) => m.usuarioId === u.id && m.cursoId === cursoLote.id)).slice(0, 4);
    for (const u of nuevosLote) {
      matricula({ usuarioId: u.id, cursoId: cursoLote.id, desde: iso(loteAt), hasta: diasLote == null ? null : iso(loteAt + diasLote * DAY), estado: 'activa', origen: 'manual', createdAt: iso(loteAt), updatedAt: iso(loteAt) });
    }
    const usuariosLote = [...nuevosLote.map((u) => u.id), ...(yaEnCurso ? [Number(yaEnCurso.usuarioId)] : [])].sort((a, b) => a - b);
    const lotes: Row[] = [
      {
        id: idLote,
        accion: 'matricular',
        cursoId: cursoLote.id,
        hasta: null,
        motivo: null,
        estado: 'terminado',
        total: usuariosLote.length,
        procesados: usuariosLote.length,
        hechas: nuevosLote.length,
        saltadas: usuariosLote.length - nuevosLote.length,
        rechazadas: 0,
        usuarioIds: JSON.stringify(usuariosLote),
        errores: '[]',
        loginId: ids.logins + 2,
        terminadoEn: iso(loteAt + 3_000),
        createdAt: iso(loteAt),
        updatedAt: iso(loteAt + 3_000),
      },
    ];

    // Cupones (docs/arquitectura.md §23): a welcome 20 % for every curso, used twice by pagos of the
    // last days and once more, reserved, with no pago yet; 15 € off one categoría until two months
    // from now, with a limit; and last winter's, for one curso, switched off since it ended.
    const idCupon = await nextId(trx, 'cupones');
    const idCanje = await nextId(trx, 'canjes');
    const enCatalogo = cursos.filter((c) => c.estado === 'publicado');
    const conCupon: Row[] = [];
    for (const p of [...pagos].filter((x) => x.estado === 'completado' && x.cursoId != null).sort((x, y) => String(y.fecha).localeCompare(String(x.fecha)))) {
      if (conCupon.length === 2) break;
      if (!conCupon.some((q) => q.usuarioId === p.usuarioId)) conCupon.push(p);
    }
    const canjes: Row[] = conCupon.map((p, i) => {
      // What was paid is the curso's price less the 20 %.
      const precio = Math.round(Number(p.importe) / 0.8);
      const fecha = iso(Date.parse(String(p.fecha)) - 5 * 60_000);
      return { id: idCanje + i, cuponId: idCupon, usuarioId: p.usuarioId, cursoId: p.cursoId, precio, descuento: precio - Number(p.importe), total: Number(p.importe), moneda: 'EUR', fecha, matriculaId: null, tokenId: null, createdAt: fecha, updatedAt: fecha };
    });
    // One use a usuario: the reserved one is someone else's.
    const alumno = people.find((u) => !conCupon.some((p) => p.usuarioId === u.id)) ?? people[0];
    const reservado = enCatalogo[0];
    const precioReservado = Number(reservado.precio);
    const fechaReservado = iso(nowMs - 2 * DAY);
    canjes.push({
      id: idCanje + canjes.length,
      cuponId: idCupon,
      usuarioId: alumno.id,
      cursoId: reservado.id,
      precio: precioReservado,
      descuento: Math.round(precioReservado * 0.2),
      total: precioReservado - Math.round(precioReservado * 0.2),
      moneda: 'EUR',
      fecha: fechaReservado,
      matriculaId: null,
      tokenId: null,
      createdAt: fechaReservado,
      updatedAt: fechaReservado,
    });
    const alta = iso(nowMs - 90 * DAY);
    const cupon = (i: number, c: Row): Row => ({
      id: idCupon + i,
      moneda: 'EUR',
      ambito: 'todos',
      categoriaId: null,
      cursoId: null,
      desde: null,
      hasta: null,
      maxUsos: null,
      maxUsosPorUsuario: 1,
      usos: 0,
      activo: true,
      descripcion: null,
      lote: null,
      createdAt: alta,
      updatedAt: alta,
      ...c,
    });
    const cupones: Row[] = [
      cupon(0, { codigo: 'BIENVENIDA', tipo: 'porcentaje', valor: 20, usos: canjes.length, descripcion: 'Un 20 % en el primer curso de cada alumno' }),
      cupon(1, { codigo: 'VERANO-15', tipo: 'importe', valor: 1500, ambito: 'categoria', categoriaId: categorias[0].id, desde: iso(nowMs - 7 * DAY), hasta: iso(nowMs + 60 * DAY), maxUsos: 100, descripcion: 'Campaña de verano: 15 € menos' }),
      cupon(2, { codigo: 'INVIERNO', tipo: 'porcentaje', valor: 10, ambito: 'curso', cursoId: enCatalogo[1 % enCatalogo.length].id, desde: iso(nowMs - 120 * DAY), hasta: iso(nowMs - 30 * DAY), activo: false }),
    ];

    // The shop's API token, as Lucía created it: only its hash is stored, so nobody has this one;
    // an academy connecting its shop creates its own (Administradores → Tokens de API).
    const tienda = newToken();
    const tokens: Row[] = [
      { id: ids.tokens, nombre: 'Tienda web', rol: 'tienda', prefijo: tienda.prefijo, tokenHash: tienda.tokenHash, caduca: null, ultimoUso: iso(nowMs - 3_600_000), revocadoEn: null, creadoPor: luciaId, revocadoPor: null, createdAt: iso(nowMs - 20 * DAY), updatedAt: iso(nowMs - 20 * DAY) },
    ];
    // What Stripe sent lately («Cobros»): the last card payments it took, each completed by its
    // notification, and two it sent that changed nothing (one refused, with its reason).
    const notificaciones: Row[] = [];
    const notificacion = (at: number, tipo: string, estado: string, motivo: string, pagoId: number | null, objeto: Record<string, unknown>) => {
      const eventoId = `evt_demo${String(notificaciones.length + 1).padStart(4, '0')}`;
      notificaciones.push({ id: ids.notificaciones + notificaciones.length, pasarela: 'stripe', eventoId, tipo, estado, motivo, pagoId, evento: JSON.stringify({ id: eventoId, object: 'event', type: tipo, created: Math.floor(at / 1000), data: { object: objeto } }), createdAt: iso(at), updatedAt: iso(at), version: 1 });
    };
    for (const p of pagos.filter((p) => p.estado === 'completado' && String(p.referencia ?? '').startsWith('ch_')).slice(-3)) {
      p.pasarela = 'stripe';
      const at = Date.parse(String(p.fecha)) + 2_000;
      notificacion(at, 'payment_intent.succeeded', 'procesada', mensajes.pasarelas.completado(p.facturaId != null), Number(p.id), { id: p.referencia, object: 'payment_intent', amount_received: p.importe, currency: 'eur' });
    }
    notificacion(nowMs - 5 * 3_600_000, 'payment_intent.succeeded', 'rechazada', mensajes.pasarelas.sinUsuario, null, { id: 'pi_demo_sin_cliente', object: 'payment_intent', amount_received: 2900, currency: 'eur', metadata: {} });
    notificacion(nowMs - 3 * 3_600_000, 'customer.created', 'ignorada', mensajes.pasarelas.tipoDesconocido, null, { id: 'cus_demo', object: 'customer' });
    // The bank's statement of the last days (Norma 43, docs/arquitectura.md §21), imported and
    // confirmed by Lucía: the latest transfers it proved (completed «from the statement»), the
    // bank's fee, and a transfer nobody could match.
    const sha = (texto: string) => createHash('sha256').update(texto).digest('hex');
    const dia = (ms: number) => iso(ms).slice(0, 10);
    const extractoAt = nowMs - 2 * DAY;
    const movimientos: Row[] = [];
    const movimiento = (at: number, importe: number, conceptos: string, estado: string, motivo: string, pagoId: number | null) =>
      movimientos.push({
        id: ids.movimientos + movimientos.length,
        extractoId: ids.extractos,
        linea: 2 + movimientos.length * 2,
        fechaOperacion: dia(at),
        fechaValor: dia(at),
        importe,
        moneda: 'EUR',
        conceptoComun: importe < 0 ? '17' : '02',
        conceptoPropio: '000',
        documento: null,
        referencia1: null,
        referencia2: null,
        conceptos,
        clave: sha(`demo|${movimientos.length}|${importe}|${at}`),
        estado,
        pagoPropuestoId: pagoId,
        motivo,
        pagoId: estado === 'aplicado' ? pagoId : null,
        createdAt: iso(extractoAt),
        updatedAt: iso(extractoAt),
        version: 1,
      });
    const transferencias = pagos.filter((p) => p.estado === 'completado' && p.metodo === 'transferencia' && Date.parse(String(p.fecha)) < extractoAt).slice(-2);
    for (const p of transferencias) {
      p.pasarela = 'extracto';
      movimiento(Date.parse(String(p.fecha)), Number(p.importe), `TRANSFERENCIA ${p.referencia ?? `#${p.id}`}`, 'aplicado', mensajes.extractos.aplicado(String(p.referencia ?? `#${p.id}`), p.facturaId != null), Number(p.id));
    }
    movimiento(extractoAt - 3 * DAY, -1250, 'COMISION MANTENIMIENTO CUENTA', 'cargo', mensajes.extractos.cargo, null);
    movimiento(extractoAt - DAY, 4500, 'TRANSF. DE ORDENANTE DESCONOCIDO', 'sinPareja', mensajes.extractos.sinCandidatos, null);
    const fechasExtracto = movimientos.map((m) => String(m.fechaOperacion)).sort();
    const saldoInicial = 1_250_000;
    const extractos: Row[] = [
      {
        id: ids.extractos,
        entidad: '2100',
        oficina: '0418',
        cuenta: '0200051332',
        titular: 'ACADEMIA EJEMPLO SL',
        desde: fechasExtracto[0] ?? dia(extractoAt),
        hasta: dia(extractoAt),
        saldoInicial,
        saldoFinal: saldoInicial + movimientos.reduce((s, m) => s + Number(m.importe), 0),
        moneda: 'EUR',
        nombreArchivo: 'extracto-demo.n43',
        huella: sha(`extracto demo ${extractoAt}`),
        estado: 'confirmado',
        movimientos: movimientos.length,
        loginId: luciaId,
        confirmadoEn: iso(extractoAt + 600_000),
        createdAt: iso(extractoAt),
        updatedAt: iso(extractoAt + 600_000),
        version: 2,
      },
    ];
    const logs: Row[] = [];
    const log = (at: number, tipo: string, extra: Partial<Row> = {}) =>
      logs.push({ id: ids.logs + logs.length, tipo, fecha: iso(at), datos: null, loginId: luciaId, recurso: null, recursoId: null, ip: '83.45.112.27', createdAt: iso(at), updatedAt: iso(at), ...extra });
    for (let d = 6; d >= 0; d--) {
      const day = nowMs - d * DAY - 6 * 3_600_000;
      log(day, 'BACK-LOGIN', { datos: 'lucia' });
      if (d === 5) log(day + 600_000, 'UPDATE', { recurso: 'cursos', recursoId: cursoInfo[0].id });
      if (d === 3) log(day + 900_000, 'CREATE', { recurso: 'clases', recursoId: clases[clases.length - 1].id as number });
      if (d === 1 && borradores.length) log(day + 1_200_000, 'CREATE', { recurso: 'facturas', recursoId: borradores[0].id as number });
    }

    await insertBatches(trx, 'categorias', categorias);
    await insertBatches(trx, 'cursos', cursos);
    await insertBatches(trx, 'usuarios', usuarios);
    await insertBatches(trx, 'clases', clases);
    await insertBatches(trx, 'facturas', facturas);
    await insertBatches(trx, 'facturas', rectificativas);
    await insertBatches(trx, 'facturas', borradores);
    await insertBatches(trx, 'pagos', pagos);
    await insertBatches(trx, 'notificaciones', notificaciones);
    await insertBatches(trx, 'logins', logins);
    await insertBatches(trx, 'tokens', tokens);
    await insertBatches(trx, 'logs', logs);
    await insertBatches(trx, 'reembolsos', reembolsos);
    await insertBatches(trx, 'extractos', extractos);
    await insertBatches(trx, 'movimientos', movimientos);
    await insertBatches(trx, 'matriculas', matriculas);
    await insertBatches(trx, 'lotes', lotes);
    await insertBatches(trx, 'cupones', cupones);
    await insertBatches(trx, 'canjes', canjes);
    const emailDe = new Map(people.map((u) => [u.id, u.email]));
    await insertBatches(trx, 'correos', correosDemo(ids.correos, facturas, (id) => emailDe.get(id)!));
    // The pagos that spent the two paid canjes (pagos.canjeId is unique: one each).
    for (const [i, p] of conCupon.entries()) await trx('pagos').where('id', p.id).update({ canjeId: canjes[i].id, cuponId: idCupon, descuento: canjes[i].descuento });
    await resetSequences(trx, ['cupones', 'canjes', 'lotes', 'correos']);
    await resetSequences(trx, ['categorias', 'cursos', 'usuarios', 'clases', 'facturas', 'pagos', 'logins', 'logs', 'reembolsos', 'tokens', 'notificaciones', 'extractos', 'movimientos', 'matriculas']);

    return {
      categorias: categorias.length,
      cursos: cursos.length,
      clases: clases.length,
      usuarios: usuarios.length,
      pagos: pagos.length,
      facturas: facturas.length + rectificativas.length + borradores.length,
      logins: logins.length,
      logs: logs.length,
    };
  });
}
