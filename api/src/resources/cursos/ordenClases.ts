// The order of a curso's clases: where a new one goes, and the action that sets the whole
// order at once. Both lock the curso row on PostgreSQL so a clase added while another is
// reordered or added lands after the order the other one saw (SQLite writes one at a time).
import type { Knex } from 'knex';
import { lockRow } from '../../db/filas.js';
import { mensajes } from '../../mensajes.js';
import { validationFailed, type ErrorDetail } from '../../base/errors.js';
import { INT_MAX } from '../../base/values.js';
import type { Action } from '../../base/types.js';

async function lockCurso(db: Knex | Knex.Transaction, cursoId: number) {
  await lockRow(db, 'cursos', { id: cursoId }, 'id');
}

/** Last place in the curso: max(orden) + 1, or 1 for the first clase. */
export async function siguienteOrden(db: Knex | Knex.Transaction, cursoId: number): Promise<number> {
  await lockCurso(db, cursoId);
  const [{ max }] = (await db('clases').where('cursoId', cursoId).max({ max: 'orden' })) as { max: number | string | null }[];
  return max === null ? 1 : Number(max) + 1;
}

/** What is wrong with a proposed order of the curso's clases `actuales`: each clase exactly once. */
function errores(actuales: number[], propuesta: number[]): ErrorDetail[] {
  const delCurso = new Set(actuales);
  const vistas = new Set<number>();
  const details: ErrorDetail[] = [];
  propuesta.forEach((id, i) => {
    if (vistas.has(id)) details.push({ path: `/clases/${i}`, code: 'repetida', message: mensajes.orden.repetida(id), info: { id } });
    else if (!delCurso.has(id)) details.push({ path: `/clases/${i}`, code: 'ajena', message: mensajes.orden.ajena(id), info: { id } });
    vistas.add(id);
  });
  for (const id of actuales) {
    if (!vistas.has(id)) details.push({ path: '/clases', code: 'falta', message: mensajes.orden.falta(id), info: { id } });
  }
  return details;
}

/** `PUT /cursos/{id}/clases/orden` `{"clases":[7,3,5]}`: orden 1..n in that order, in one request. */
export const reordenarClases: Action = {
  method: 'PUT',
  path: 'clases/orden',
  summary: mensajes.orden.resumen,
  body: {
    title: 'OrdenDeClases',
    type: 'object',
    required: ['clases'],
    additionalProperties: false,
    properties: { clases: { type: 'array', items: { type: 'integer', minimum: 1, maximum: INT_MAX } } },
  },
  // The curso is locked already: the action's record (rest/escritura.ts runAction).
  async run(cursoId, { clases }: { clases: number[] }, { db, update }) {
    const actuales = (await db('clases').where('cursoId', cursoId).select('id', 'orden')) as { id: number; orden: number | null }[];
    const details = errores(actuales.map((c) => Number(c.id)), clases);
    if (details.length) throw validationFailed(details);
    const antes = new Map(actuales.map((c) => [Number(c.id), c.orden]));
    // Only the clases that move are written: each one's history says it moved, and by this action.
    for (const [i, id] of clases.entries()) {
      if (antes.get(id) !== i + 1) await update('clases', id, { orden: i + 1 });
    }
  },
};
