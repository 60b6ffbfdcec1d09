// «Matrículas que caducan pronto»: the activa matrículas whose access ends in the next 30 days,
// how many and the soonest of them, to renew or warn before they do. Counted from now, whatever
// the period chosen: it takes no parameter.
import { diaEn } from '../../base/tiempo.js';
import { mensajes } from '../../mensajes.js';
import { defineInforme } from '../definir.js';
import * as q from '../queries.js';
import type { MatriculaPorCaducar } from '../../../../contrato/informes.js';

const c = mensajes.informes.columnas;
/** The window ahead, in days. */
export const DIAS_POR_CADUCAR = 30;
/** At most this many in the list, the soonest: a longer one is chased from the section. */
const LIMITE_LISTA = 100;

export default defineInforme<MatriculaPorCaducar>({
  nombre: 'matriculas-por-caducar',
  ...mensajes.informes.catalogo.matriculasPorCaducar,
  parametros: [],
  filas: 'matriculas',
  columnas: [
    { clave: 'id', etiqueta: c.matriculaId, tipo: 'entero' },
    { clave: 'hasta', etiqueta: c.caduca, tipo: 'fecha', enlace: { recurso: 'matriculas', id: 'id' } },
    { clave: 'usuarioId', etiqueta: c.usuarioId, tipo: 'entero' },
    { clave: 'usuario', etiqueta: c.usuario, tipo: 'texto', enlace: { recurso: 'usuarios', id: 'usuarioId' } },
    { clave: 'cursoId', etiqueta: c.cursoId, tipo: 'entero' },
    { clave: 'curso', etiqueta: c.curso, tipo: 'texto', enlace: { recurso: 'cursos', id: 'cursoId' } },
  ],
  async compute({ db, timeZone, ahora }) {
    const fin = new Date(ahora.getTime() + DIAS_POR_CADUCAR * 86_400_000);
    const { total, matriculas } = await q.matriculasPorCaducar(db, { desde: ahora.toISOString(), hasta: fin.toISOString(), limite: LIMITE_LISTA });
    const periodo = { desde: diaEn(ahora, timeZone), hasta: diaEn(fin, timeZone) };
    return { cuerpo: { periodo, dias: DIAS_POR_CADUCAR, total, limite: LIMITE_LISTA, matriculas }, periodo };
  },
  respuesta: (fila) => ({ dias: { type: 'integer' }, total: { type: 'integer' }, limite: { type: 'integer' }, matriculas: { type: 'array', items: fila } }),
});
