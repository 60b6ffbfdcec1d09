// What storage and the database disagree on (`npm run storage:check`): files
// in videos/ and photos/ no archivo names, uploads (.subidas/ or tus's own keys) no archivo
// waits for, archivos `listo` whose file is gone, and records whose path names no archivo.
// Fixing removes only the first two kinds: an upload an archivo still waits for is never
// listed, and nothing recorded is ever touched.
import type { Knex } from 'knex';
import type { Etiquetas, Registry } from '../base/types.js';
import type { Db } from '../db/index.js';
import { mensajes } from '../mensajes.js';
import { esUrl } from '../rest/repository.js';
import type { Almacen } from './almacen.js';

export interface ReferenciaRota {
  recurso: string;
  /** How the entity is named, for the report. */
  etiquetas: Etiquetas;
  id: number;
  campo: string;
  ruta: string;
}

export interface Informe {
  /** How many files storage holds under videos/ and photos/. */
  ficheros: number;
  /** Keys (`videos/x.mp4`) no archivo names. */
  huerfanos: string[];
  /** Upload ids storage holds that no archivo `subiendo` or `procesando` waits for. */
  subidasHuerfanas: string[];
  /** archivos `listo` whose file storage does not have. */
  perdidos: { id: number; ruta: string }[];
  /** clases.video/miniatura, cursos.foto… holding a path that is no archivo's (URLs are not checked). */
  rotas: ReferenciaRota[];
  /** The orphans removed, with `arreglar`. */
  borrados: string[];
  /** The orphan uploads removed, with `arreglar`. */
  subidasBorradas: string[];
}

const LOTE = 1000;

/** Uploads storage holds that no archivo waits for (deleted while uploading, or left by a fault). */
export async function subidasHuerfanas(db: Db | Knex, almacen: Almacen): Promise<string[]> {
  // Listed first, rows read after: an upload created meanwhile has its row before its bytes.
  const guardadas: string[] = [];
  for await (const id of almacen.listSubidas()) guardadas.push(id);
  const filas = (await db('archivos').whereIn('estado', ['subiendo', 'procesando']).whereNotNull('subida').select('subida')) as { subida: string }[];
  const vivas = new Set(filas.map((f) => f.subida));
  return guardadas.filter((id) => !vivas.has(id)).sort();
}

/** `registry`: the entities whose fields hold files (clases.video, cursos.foto…). */
export async function checkAlmacen(db: Knex, registry: Registry, almacen: Almacen, { arreglar = false } = {}): Promise<Informe> {
  // Storage first, rows after: an upload's archivo has its ruta before its file is placed, so a
  // file that appears meanwhile is either not listed yet or already named.
  const guardadas = new Set<string>();
  for await (const clave of almacen.list()) guardadas.add(clave);

  const nombradas = new Set<string>();
  const perdidos: Informe['perdidos'] = [];
  for (let desde = 0; ; ) {
    const filas = (await db('archivos').where('id', '>', desde).whereNotNull('ruta').orderBy('id').limit(LOTE).select('id', 'ruta', 'estado')) as {
      id: number;
      ruta: string;
      estado: string;
    }[];
    if (!filas.length) break;
    for (const { id, ruta, estado } of filas) {
      const clave = ruta.slice(1);
      nombradas.add(clave);
      // Asked again: a file placed after the listing is not missing.
      if (estado === 'listo' && !guardadas.has(clave) && !(await almacen.existe(clave))) perdidos.push({ id, ruta });
    }
    desde = filas[filas.length - 1].id;
  }

  const huerfanos = [...guardadas].filter((clave) => !nombradas.has(clave)).sort();
  const subidas = await subidasHuerfanas(db, almacen);
  const borrados: string[] = [];
  const subidasBorradas: string[] = [];
  if (arreglar) {
    for (const subida of subidas) {
      await almacen.discardSubida(subida);
      subidasBorradas.push(subida);
    }
    for (const clave of huerfanos) {
      // A thumbnail is stored just before its row is written: a row that appeared since spares it.
      if (await db('archivos').where('ruta', `/${clave}`).first('id')) continue;
      await almacen.delete(clave);
      borrados.push(clave);
    }
  }

  return { ficheros: guardadas.size, huerfanos, subidasHuerfanas: subidas, perdidos, rotas: await referenciasRotas(db, registry), borrados, subidasBorradas };
}

async function referenciasRotas(db: Knex, registry: Registry): Promise<ReferenciaRota[]> {
  const rotas: ReferenciaRota[] = [];
  for (const { resource, field } of registry.fileHolders()) {
    const tabla = resource.name;
    const filas = (await db(tabla)
      .leftJoin('archivos', 'archivos.ruta', `${tabla}.${field}`)
      .whereNotNull(`${tabla}.${field}`)
      .whereNull('archivos.id')
      .orderBy(`${tabla}.id`)
      .select(`${tabla}.id as id`, `${tabla}.${field} as ruta`)) as { id: number; ruta: string }[];
    for (const { id, ruta } of filas) if (!esUrl(ruta)) rotas.push({ recurso: tabla, etiquetas: resource.labels, id, campo: field, ruta });
  }
  return rotas;
}

/** Whether something is still wrong once the run is over (fixed orphans no longer count). */
export function quedaMal(informe: Informe): boolean {
  return (
    informe.perdidos.length > 0 ||
    informe.rotas.length > 0 ||
    informe.huerfanos.length > informe.borrados.length ||
    informe.subidasHuerfanas.length > informe.subidasBorradas.length
  );
}

const MAX_LINEAS = 50;

/** The report in Spanish, a line each; long lists are cut at MAX_LINEAS. */
export function describeInforme(informe: Informe): string[] {
  const m = mensajes.comprobacion;
  const lineas: string[] = [];
  const lista = (cabecera: string, elementos: string[]) => {
    lineas.push(cabecera, ...elementos.slice(0, MAX_LINEAS).map((e) => `  ${e}`));
    if (elementos.length > MAX_LINEAS) lineas.push(`  ${m.yMas(elementos.length - MAX_LINEAS)}`);
  };
  const { huerfanos, subidasHuerfanas: subidas, perdidos, rotas, borrados, subidasBorradas } = informe;
  if (huerfanos.length) lista(m.huerfanos(huerfanos.length), huerfanos.map((c) => `/${c}`));
  if (subidas.length) lista(m.subidasHuerfanas(subidas.length), subidas);
  if (perdidos.length) lista(m.perdidos(perdidos.length), perdidos.map((p) => m.perdido(p.id, p.ruta)));
  if (rotas.length) lista(m.rotas(rotas.length), rotas.map((r) => m.rota(r.etiquetas, r.id, r.campo, r.ruta)));
  if (borrados.length) lineas.push(m.borrados(borrados.length));
  if (subidasBorradas.length) lineas.push(m.subidasBorradas(subidasBorradas.length));
  if (!borrados.length && !subidasBorradas.length && (huerfanos.length || subidas.length)) lineas.push(m.arreglar);
  if (!huerfanos.length && !subidas.length && !perdidos.length && !rotas.length) lineas.push(m.enOrden(informe.ficheros));
  return lineas;
}
