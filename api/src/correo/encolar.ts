// Queueing a message (docs/arquitectura.md §25): in the transaction of what asks for it, a row of
// `correos` with the message rendered as it will go, and its sending job. The message exists if
// and only if what asked for it was committed (an invoice issued, a matrícula created), and it
// is sent after that commit, never before.
import { randomUUID } from 'node:crypto';
import type { AjustesCorreo, Escritor } from '../base/types.js';
import { validationFailed } from '../base/errors.js';
import { mensajes } from '../mensajes.js';
import { enqueue } from '../trabajos/encolar.js';
import { dominioDe, frameHtml, frameTexto, isDireccionUnica, valoresComunes } from './formato.js';
import { renderPlantilla, TIPOS, type ClavePlantilla, type PlantillaBase } from './plantillas.js';

export const TRABAJO_ENVIO = 'envioCorreo';

export interface PedidoCorreo {
  plantilla: ClavePlantilla;
  para: string;
  valores: Record<string, string | number>;
  facturaId?: number;
  pagoId?: number;
  matriculaId?: number;
  usuarioId?: number;
  cuentaId?: number;
  /** The account that typed the address (a resend elsewhere): named in the row and its history. */
  pedidoPorId?: number;
  adjuntarFactura?: boolean;
  /** What only the sending may complete (a single-use link is made as the message leaves). */
  datos?: Record<string, unknown>;
}

/**
 * The templates a transaction has read, by kind: a lote of 10 000 welcomes reads its template
 * once. Kept with the transaction object, so they go with it and a later one reads an edit.
 */
const leidas = new WeakMap<object, Map<ClavePlantilla, PlantillaBase>>();

/** The academy's current version of a kind's template, or the original. */
export async function findPlantilla(w: Pick<Escritor, 'db'>, clave: ClavePlantilla): Promise<PlantillaBase> {
  const propias = leidas.get(w.db) ?? new Map<ClavePlantilla, PlantillaBase>();
  const guardada = propias.get(clave);
  if (guardada) return guardada;
  const fila = (await w.db('plantillas').where('clave', clave).first('asunto', 'html', 'texto')) as PlantillaBase | undefined;
  // Only a transaction's: a connection pool (w.db outside one) would keep an edit from being seen.
  if (w.db.isTransaction) leidas.set(w.db, propias.set(clave, fila ?? TIPOS[clave]));
  return fila ?? TIPOS[clave];
}

/** The message as it leaves: the template with these values, inside the common frame. */
export async function renderCorreo(w: Pick<Escritor, 'db'>, ajustes: AjustesCorreo, clave: ClavePlantilla, valores: Record<string, string | number>) {
  const comunes = valoresComunes(ajustes.emisor, ajustes.productName);
  const p = renderPlantilla(await findPlantilla(w, clave), { ...comunes, ...valores });
  return { asunto: p.asunto, html: frameHtml(p.html, p.asunto, comunes), texto: frameTexto(p.texto, comunes) };
}

/**
 * Queues one message; answers its id. A recipient that is not one plain address is refused
 * (422 on `email`): the header injection of a line break, or a list, never reaches the server.
 */
export async function queueCorreo(w: Escritor, ajustes: AjustesCorreo, pedido: PedidoCorreo): Promise<number> {
  const para = pedido.para.trim();
  if (!isDireccionUnica(para)) throw validationFailed([{ path: '/email', code: 'format', message: mensajes.correo.direccionNoValida }]);
  const { asunto, html, texto } = await renderCorreo(w, ajustes, pedido.plantilla, pedido.valores);
  const ahora = new Date().toISOString();
  const id = await w.create(
    'correos',
    {
      plantilla: pedido.plantilla,
      para,
      asunto,
      html,
      texto,
      estado: 'pendiente',
      intentos: 0,
      proximoIntento: ahora,
      messageId: `<${randomUUID()}@${dominioDe(ajustes.correo.from)}>`,
      adjuntarFactura: pedido.adjuntarFactura ?? false,
      datos: pedido.datos ? JSON.stringify(pedido.datos) : null,
      facturaId: pedido.facturaId ?? null,
      pagoId: pedido.pagoId ?? null,
      matriculaId: pedido.matriculaId ?? null,
      usuarioId: pedido.usuarioId ?? null,
      cuentaId: pedido.cuentaId ?? null,
      pedidoPorId: pedido.pedidoPorId ?? null,
    },
    { accion: 'encolar' },
  );
  if (ajustes.correo.smtpUrl) await queueEnvio(w.db, id);
  return id;
}

/** The sending job of one message; none while one waits or runs for it. */
export const queueEnvio = (db: Escritor['db'], correoId: number) => enqueue(db, TRABAJO_ENVIO, { correoId }, { clave: `correo-${correoId}` });
