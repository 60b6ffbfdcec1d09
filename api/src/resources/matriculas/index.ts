// Enrolments (docs/arquitectura.md §22): which usuario may watch which curso, from when until
// when. Created by a pago completed (resources/pagos: afterWrite), by a person (POST), in bulk, by
// an import or by a 100 % cupón, all through grantMatricula (conceder.ts); ended by the daily job
// (caducada), or revoked with a reason, by a person or by a whole refund.
import { conflict, validationFailed } from '../../base/errors.js';
import { defineResource, type Escritor } from '../../base/types.js';
import { fechaHoraCorta, millisDe } from '../../base/tiempo.js';
import { mensajes } from '../../mensajes.js';
import { lockActiva, revokeMatricula } from './conceder.js';
import { queueBienvenida } from './correo.js';

type Row = Record<string, any>;

export const ESTADOS_MATRICULA = ['activa', 'caducada', 'revocada'] as const;
export const ORIGENES_MATRICULA = ['pago', 'manual', 'importacion', 'cupon'] as const;

/** What the editor (who answers students' questions) and the shop read: who, which curso, until when. */
const CAMPOS_BASICOS = ['id', 'usuarioId', 'cursoId', 'desde', 'hasta', 'estado', 'createdAt', 'updatedAt', 'version'];

export default defineResource({
  name: 'matriculas',
  model: 'Matricula',
  labels: { singular: 'matrícula', plural: 'matrículas', genero: 'f' },
  fields: {
    usuarioId: { label: 'Usuario', type: 'integer', required: true, references: 'usuarios' },
    cursoId: { label: 'Curso', type: 'integer', required: true, references: 'cursos' },
    // Left out, now.
    desde: { label: 'Desde', type: 'date-time', serverDefault: true },
    // None: for ever.
    hasta: { label: 'Hasta', type: 'date-time' },
    estado: {
      label: 'Estado',
      type: 'string',
      enum: [...ESTADOS_MATRICULA],
      enumLabels: { activa: 'Activa', caducada: 'Caducada', revocada: 'Revocada' },
      default: 'activa',
      readOnly: true,
      serverDefault: true,
    },
    origen: {
      label: 'Origen',
      type: 'string',
      enum: [...ORIGENES_MATRICULA],
      enumLabels: { pago: 'Pago', manual: 'Manual', importacion: 'Importación', cupon: 'Cupón' },
      default: 'manual',
      readOnly: true,
      serverDefault: true,
    },
    pagoId: { label: 'Pago', type: 'integer', references: 'pagos', readOnly: true },
    // The pago that bought it is disputed at the bank: access stays, the contable decides.
    enDisputa: { label: 'En disputa', type: 'boolean', readOnly: true, default: false, serverDefault: true },
    revocadaEn: { label: 'Revocada el', type: 'date-time', readOnly: true },
    revocadaPor: { label: 'Revocada por', type: 'integer', references: 'logins', readOnly: true },
    motivoRevocacion: { label: 'Motivo de la revocación', type: 'string', maxLength: 500, readOnly: true },
  },
  relations: {
    usuario: { type: 'belongsTo', target: 'usuarios', foreignKey: 'usuarioId' },
    curso: { type: 'belongsTo', target: 'cursos', foreignKey: 'cursoId' },
    pago: { type: 'belongsTo', target: 'pagos', foreignKey: 'pagoId' },
  },
  searchFields: ['usuario.nombre', 'usuario.apellidos', 'usuario.email', 'curso.titulo'],
  nombre: 'Matrícula #{id}',
  // The contable and the administrador manage them; the editor reads who is enrolled and until
  // when; the shop (an API token) reads one usuario's (asking by usuarioId).
  acceso: {
    contable: { leer: true, escribir: true },
    editor: { leer: true, campos: CAMPOS_BASICOS },
    tienda: { leer: true, buscarPor: 'usuarioId', campos: CAMPOS_BASICOS },
  },
  async beforeWrite(data, { existing, servidor, escritor, facturacion }) {
    if (!existing) {
      const desde = String(data.desde ?? new Date().toISOString());
      if (data.hasta != null && millisDe(data.hasta) <= millisDe(desde)) throw validationFailed([{ path: '/hasta', code: 'hasta', message: mensajes.matriculas.hastaAntesDeDesde }]);
      if (servidor) return { ...data, desde };
      // A person's grant: one activa per usuario and curso, said with who and until when.
      const activa = await lockActiva(escritor, Number(data.usuarioId), Number(data.cursoId));
      if (activa) {
        const [u, c] = await Promise.all([
          escritor.db('usuarios').where('id', Number(data.usuarioId)).first('nombre', 'apellidos'),
          escritor.db('cursos').where('id', Number(data.cursoId)).first('titulo'),
        ]);
        const hasta = activa.hasta == null ? null : fechaHoraCorta(new Date(millisDe(activa.hasta)), facturacion.timeZone).slice(0, 10);
        throw conflict(mensajes.matriculas.yaActiva(`${u?.nombre ?? ''} ${u?.apellidos ?? ''}`.trim(), String(c?.titulo ?? ''), hasta));
      }
      return { ...data, desde, estado: 'activa', origen: 'manual' };
    }
    if (servidor) return data;
    // A person changes only an activa's dates (extends or shortens it); which usuario and curso it is, never.
    if (existing.estado !== 'activa') throw conflict(mensajes.matriculas.soloActiva(String(existing.estado)));
    for (const campo of ['usuarioId', 'cursoId'] as const) {
      if (campo in data && Number(data[campo]) !== Number(existing[campo])) {
        throw validationFailed([{ path: `/${campo}`, code: 'inmutable', message: mensajes.matriculas.soloFechas }]);
      }
    }
    const desde = data.desde ?? existing.desde;
    const hasta = 'hasta' in data ? data.hasta : existing.hasta;
    if (hasta != null && desde != null && millisDe(hasta) <= millisDe(desde)) throw validationFailed([{ path: '/hasta', code: 'hasta', message: mensajes.matriculas.hastaAntesDeDesde }]);
    return data;
  },
  // A new matrícula welcomes its usuario by email, however it came to be (a pago, a person, a
  // lote, an import, a cupón): queued in its own transaction, by the same actor. Every role that
  // may create one (the administrador, the contable) may queue a message; the shop's cupón and
  // the jobs write as the server.
  async afterWrite(m, antes, { escritor, correo }) {
    if (!antes) await queueBienvenida(escritor, correo, m);
  },
  // Who had access and until when is a record: a matrícula is revoked, never deleted.
  async beforeDelete() {
    throw conflict(mensajes.matriculas.noBorrable);
  },
  actions: {
    revocar: {
      method: 'POST',
      path: 'revocar',
      summary: mensajes.matriculas.resumenRevocar,
      body: {
        title: 'RevocarMatricula',
        type: 'object',
        required: ['motivo'],
        additionalProperties: false,
        properties: { motivo: { type: 'string', minLength: 1, maxLength: 500, description: 'Por qué se quita el acceso: queda en la matrícula y en su historial' } },
      },
      returns: 'Matricula',
      async run(id, body: { motivo: string }, ctx) {
        if (ctx.row.estado !== 'activa') throw conflict(mensajes.matriculas.noActiva(String(ctx.row.estado)));
        if (!body.motivo.trim()) throw validationFailed([{ path: '/motivo', code: 'minLength', message: mensajes.matriculas.motivoVacio }]);
        await revokeMatricula(ctx, id, body.motivo.trim());
        return ctx.findById('matriculas', id);
      },
    },
  },
});

/** The activa matrícula a pago bought, if it is still the one it extends. */
export async function matriculaDePago(db: Escritor['db'], pagoId: number): Promise<Row | undefined> {
  return (await db('matriculas').where({ pagoId, estado: 'activa' }).first('id', 'enDisputa')) as Row | undefined;
}
