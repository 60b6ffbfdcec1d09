// Importing students (docs/arquitectura.md §24): each row of the file read (leer.ts) judged with
// the rules the API applies to a usuario (rest/validate.ts, the entity's schema) and matched to a
// usuario by its email (case-insensitive, as the column is unique); its curso, by title or id,
// becomes a matrícula (grantMatricula, origen `importacion`). The preview writes nothing; the
// confirmation judges the same bytes again inside its one transaction and writes everything or,
// with any row wrong, nothing (422 with every row's error).
import { HttpError, type ErrorDetail } from '../base/errors.js';
import { addDias, esDia, inicioDelDia } from '../base/tiempo.js';
import type { Actor, Escritura, Resource } from '../base/types.js';
import { isPg, type Db } from '../db/index.js';
import { mensajes } from '../mensajes.js';
import { grantMatricula } from '../resources/matriculas/conceder.js';
import { validateBody } from '../rest/validate.js';
import { ArchivoNoValido, parseImportacion, type Campo, type Leido } from './leer.js';
import type { Accion, ErrorFila, FilaVista, Previsualizacion, Resultado } from '../../../contrato/importacion.js';

type Row = Record<string, any>;

/** A row of the plan: as the preview shows it, with the changed values themselves. */
export interface FilaPlan extends Omit<FilaVista, 'cambios'> {
  /** What changes on an existing usuario. */
  cambios: Row;
}

export interface Plan {
  leido: Leido;
  filas: FilaPlan[];
  /** Every error, in row order. */
  errores: ErrorFila[];
}

export const MAX_ERRORES = 1000;
const MUESTRA = 50;
const LOTE = 500;

/** The file as a whole refused: 422, its reason, nothing written. */
function refuseArchivo(err: ArchivoNoValido): HttpError {
  return new HttpError(422, err.message, err.codigo, [{ path: '/archivo', code: err.codigo, message: err.message }]);
}

export async function readArchivo(bytes: Buffer): Promise<Leido> {
  try {
    return await parseImportacion(bytes);
  } catch (err) {
    throw err instanceof ArchivoNoValido ? refuseArchivo(err) : err;
  }
}

/** A day written dd/mm/aaaa (or d/m/aaaa, with / - or .) or aaaa-mm-dd, as YYYY-MM-DD; undefined if none. */
function parseDia(valor: string): string | undefined {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(valor);
  const es = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(valor);
  const partes = iso ? [iso[1], iso[2], iso[3]] : es ? [es[3], es[2], es[1]] : undefined;
  if (!partes) return undefined;
  const [a, m, d] = partes;
  const dia = `${a}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return esDia(dia) ? dia : undefined;
}

const sinAcentos = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Every row judged against the database as it is now (`db`: the confirmation's transaction, or
 * the reader for the preview). Reads the usuarios of the file's emails in batches and every curso.
 */
export async function checkImportacion(db: Db, usuarios: Resource, leido: Leido, timeZone: string, ahora = Date.now()): Promise<Plan> {
  const { cabecera, columnas, filas } = leido;
  const errores: ErrorFila[] = [];
  const nombreDe = (campo: Campo) => cabecera[columnas[campo]!] ?? campo;
  const valor = (celdas: string[], campo: Campo) => (columnas[campo] === undefined ? '' : (celdas[columnas[campo]!] ?? ''));

  // The usuarios already there, by lowercase email.
  const emails = [...new Set(filas.map((f) => valor(f.celdas, 'email').toLowerCase()).filter(Boolean))];
  const existentes = new Map<string, Row>();
  for (let i = 0; i < emails.length; i += LOTE) {
    const lote = emails.slice(i, i + LOTE);
    const rows = (await db('usuarios')
      .whereRaw(`lower("email") in (${lote.map(() => '?').join(',')})`, lote)
      .select('id', 'email', 'nombre', 'apellidos', 'telefono', 'nif')) as Row[];
    for (const r of rows) existentes.set(String(r.email).toLowerCase(), r);
  }
  // The cursos, by id and by title (without accents or case).
  const cursos = (await db('cursos').select('id', 'titulo')) as Row[];
  const cursoPorId = new Map<number, Row>(cursos.map((c) => [Number(c.id), c]));
  const cursosPorTitulo = new Map<string, Row[]>();
  for (const c of cursos) {
    const k = sinAcentos(String(c.titulo));
    cursosPorTitulo.set(k, [...(cursosPorTitulo.get(k) ?? []), c]);
  }

  const vistos = new Map<string, number>();
  const plan: FilaPlan[] = [];
  for (const { fila, celdas } of filas) {
    const add = (columna: string, motivo: string) => errores.push({ fila, columna, motivo });
    const antes = errores.length;
    if (celdas.length > cabecera.length && celdas.slice(cabecera.length).some((c) => c !== '')) add('', mensajes.importacion.columnasDeMas(celdas.length, cabecera.length));

    const email = valor(celdas, 'email');
    const nombre = valor(celdas, 'nombre');
    const apellidos = valor(celdas, 'apellidos');
    const telefono = valor(celdas, 'telefono');
    const nif = valor(celdas, 'nif');
    if (!email) add(nombreDe('email'), mensajes.importacion.obligatorio);
    if (!nombre) add(nombreDe('nombre'), mensajes.importacion.obligatorio);
    const clave = email.toLowerCase();
    if (email) {
      const primera = vistos.get(clave);
      if (primera !== undefined) add(nombreDe('email'), mensajes.importacion.emailRepetido(primera));
      else vistos.set(clave, fila);
    }

    // The usuario: created whole, or the cells given (not empty) over the stored one.
    const existente = email ? existentes.get(clave) : undefined;
    const cuerpo: Row = {};
    if (!existente) {
      Object.assign(cuerpo, { email, nombre });
      if (apellidos) cuerpo.apellidos = apellidos;
      if (telefono) cuerpo.telefono = telefono;
      if (nif) cuerpo.nif = nif;
    } else {
      for (const [campo, v] of [['nombre', nombre], ['apellidos', apellidos], ['telefono', telefono], ['nif', nif]] as const) {
        if (v && v !== (existente[campo] ?? '')) cuerpo[campo] = v;
      }
    }
    if (email && nombre && (!existente || Object.keys(cuerpo).length)) {
      try {
        validateBody(usuarios, existente ? 'update' : 'create', cuerpo);
      } catch (err) {
        const detalles = err instanceof HttpError && Array.isArray(err.details) ? (err.details as ErrorDetail[]) : [];
        if (!detalles.length) throw err;
        for (const d of detalles) {
          const campo = d.path.replace(/^\//, '') as Campo;
          // Ajv's «debe coincidir con el formato "email"» says less than this.
          const motivo = d.code === 'format' && campo === 'email' ? mensajes.importacion.emailMal(email) : d.message;
          add(columnas[campo] !== undefined ? nombreDe(campo) : campo, motivo);
        }
      }
    }

    // The matrícula.
    const cursoTexto = valor(celdas, 'curso');
    const hastaTexto = valor(celdas, 'hasta');
    let curso: Row | undefined;
    if (cursoTexto) {
      const porTitulo = cursosPorTitulo.get(sinAcentos(cursoTexto)) ?? [];
      const porId = /^#?\d+$/.test(cursoTexto) ? cursoPorId.get(Number(cursoTexto.replace('#', ''))) : undefined;
      if (porId) curso = porId;
      else if (porTitulo.length === 1) curso = porTitulo[0];
      else if (porTitulo.length > 1) add(nombreDe('curso'), mensajes.importacion.cursoAmbiguo(cursoTexto, porTitulo.map((c) => Number(c.id))));
      else add(nombreDe('curso'), mensajes.importacion.cursoNoExiste(cursoTexto));
    }
    let hasta: string | null = null;
    if (hastaTexto) {
      const dia = parseDia(hastaTexto);
      if (!cursoTexto) add(nombreDe('hasta'), mensajes.importacion.hastaSinCurso);
      else if (!dia) add(nombreDe('hasta'), mensajes.importacion.fechaMal(hastaTexto));
      else {
        // The last millisecond of that day where the academy is: «hasta el 31/12» includes the 31st and reads as the 31st.
        hasta = new Date(Date.parse(inicioDelDia(addDias(dia, 1), timeZone)) - 1).toISOString();
        if (Date.parse(hasta) <= ahora) add(nombreDe('hasta'), mensajes.importacion.fechaPasada(hastaTexto));
      }
    }

    if (errores.length > antes) continue;
    const actual = existente ? { email: String(existente.email), nombre: String(existente.nombre), apellidos: existente.apellidos ?? null, telefono: existente.telefono ?? null, nif: existente.nif ?? null } : { email, nombre, apellidos: null, telefono: null, nif: null };
    plan.push({
      fila,
      accion: !existente ? 'crear' : Object.keys(cuerpo).length ? 'actualizar' : 'igual',
      usuarioId: existente ? Number(existente.id) : null,
      usuario: { ...actual, ...cuerpo },
      cambios: existente ? cuerpo : {},
      curso: curso ? { id: Number(curso.id), titulo: String(curso.titulo) } : null,
      hasta,
    });
  }
  return { leido, filas: plan, errores };
}

export function previewImportacion(plan: Plan): Previsualizacion {
  const cuenta = (a: Accion) => plan.filas.filter((f) => f.accion === a).length;
  return {
    formato: plan.leido.formato,
    filas: plan.leido.filas.length,
    crear: cuenta('crear'),
    actualizar: cuenta('actualizar'),
    sinCambios: cuenta('igual'),
    matriculas: plan.filas.filter((f) => f.curso).length,
    ignoradas: plan.leido.ignoradas,
    totalErrores: plan.errores.length,
    errores: plan.errores.slice(0, MAX_ERRORES),
    muestra: plan.filas.slice(0, MUESTRA).map((f) => ({ ...f, cambios: Object.keys(f.cambios) })),
  };
}

/** The refusal of a confirmation with rows wrong: 422, each row's error in `details` (the first MAX_ERRORES). */
function refuseFilas(errores: ErrorFila[]): HttpError {
  return new HttpError(
    422,
    mensajes.importacion.conErrores(errores.length),
    'IMPORTACION_CON_ERRORES',
    errores.slice(0, MAX_ERRORES).map((e) => ({ path: `/filas/${e.fila}`, code: 'fila', message: e.motivo, info: { fila: e.fila, columna: e.columna, motivo: e.motivo } })),
  );
}

/**
 * The confirmed import: one transaction, all or nothing. The rows are judged again inside it (the
 * database may have changed since the preview); any error writes nothing. New usuarios go in
 * batches (createMany), changed ones one by one, then each row's matrícula (grantMatricula:
 * an activa already there is extended).
 */
export async function applyImportacion(db: Db, escritura: Escritura, usuarios: Resource, actor: Actor, leido: Leido, timeZone: string): Promise<Resultado> {
  return escritura.transaction(
    actor,
    async (w) => {
      // One import at a time on PostgreSQL (SQLite writes one transaction at a time already).
      if (isPg(db)) await w.db.raw('SELECT pg_advisory_xact_lock(hashtext(?))', ['aula:importacion-alumnos']);
      const plan = await checkImportacion(w.db as unknown as Db, usuarios, leido, timeZone);
      if (plan.errores.length) throw refuseFilas(plan.errores);

      const nuevas = plan.filas.filter((f) => f.accion === 'crear');
      const ids = await w.createMany(
        'usuarios',
        nuevas.map((f) => {
          const { email, nombre, apellidos, telefono, nif } = f.usuario;
          return { email, nombre, apellidos, telefono, nif };
        }),
      );
      nuevas.forEach((f, i) => (f.usuarioId = ids[i]));
      let actualizados = 0;
      for (const f of plan.filas) {
        if (f.accion !== 'actualizar') continue;
        await w.update('usuarios', f.usuarioId!, f.cambios);
        actualizados++;
      }
      const matriculas = { creadas: 0, extendidas: 0 };
      for (const f of plan.filas) {
        if (!f.curso) continue;
        const { resultado } = await grantMatricula(w, { usuarioId: f.usuarioId!, cursoId: f.curso.id, origen: 'importacion', hasta: f.hasta, siYaActiva: 'extender' });
        if (resultado === 'creada') matriculas.creadas++;
        else if (resultado === 'extendida') matriculas.extendidas++;
      }
      return { filas: leido.filas.length, creados: nuevas.length, actualizados, sinCambios: plan.filas.filter((f) => f.accion === 'igual').length, matriculas };
    },
    { accion: 'importar' },
  );
}

/** A CSV field, quoted when it must be (Excel-friendly: `;`, as Spanish Excel reads it). */
const campoCsv = (v: string) => (/[";\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * The refused rows as a CSV to fix and upload again: the file's header and each refused row as it
 * came, with the reasons in a last column «errores». UTF-8 with BOM and `;`, so Excel opens it.
 */
export function buildRechazadas(plan: Plan): string {
  const porFila = new Map<number, ErrorFila[]>();
  for (const e of plan.errores) porFila.set(e.fila, [...(porFila.get(e.fila) ?? []), e]);
  const { cabecera } = plan.leido;
  const lineas = [[...cabecera, 'fila', 'errores'].map(campoCsv).join(';')];
  for (const { fila, celdas } of plan.leido.filas) {
    const errores = porFila.get(fila);
    if (!errores) continue;
    const texto = errores.map((e) => (e.columna ? `${e.columna}: ${e.motivo}` : e.motivo)).join(' | ');
    const valores = cabecera.map((_c, i) => celdas[i] ?? '');
    lineas.push([...valores, String(fila), texto].map(campoCsv).join(';'));
  }
  return `\ufeff${lineas.join('\r\n')}\r\n`;
}

