// An invoice by email (docs/arquitectura.md §25): to its client when issued (ENVIAR_FACTURAS), or
// by hand to the client or another address («Enviar por email», «Reenviar»), with its PDF attached
// as the message leaves. A rectificativa goes with its own template, naming the invoice it corrects.
import type { AjustesCorreo, Escritor } from '../../base/types.js';
import { queueCorreo } from '../../correo/encolar.js';
import { fechaExpedicion, importeEs, nombreFactura } from './formato.js';

type Row = Record<string, any>;

/** Queues the message of an issued invoice; answers the correo's id. */
export async function queueCorreoFactura(w: Escritor, ajustes: AjustesCorreo, f: Row, { para, pedidoPorId }: { para?: string; pedidoPorId?: number } = {}): Promise<number> {
  const usuario = (await w.db('usuarios').where('id', f.usuarioId).first('nombre', 'apellidos', 'email')) as Row;
  const rectificada = f.rectificaId ? ((await w.db('facturas').where('id', f.rectificaId).first('serie', 'numero', 'id')) as Row) : null;
  return queueCorreo(w, ajustes, {
    plantilla: rectificada ? 'rectificativa' : 'factura',
    para: para ?? usuario.email,
    valores: {
      cliente: f.clienteNombre || [usuario.nombre, usuario.apellidos].filter(Boolean).join(' '),
      numero: nombreFactura(f),
      rectificada: rectificada ? nombreFactura(rectificada) : '',
      fecha: fechaExpedicion(f.fecha, ajustes.timeZone, '/'),
      total: importeEs(Number(f.total)),
    },
    facturaId: Number(f.id),
    usuarioId: Number(f.usuarioId),
    pedidoPorId,
    adjuntarFactura: true,
  });
}
