// «Alumnos activos por curso»: who may watch each curso today, the fullest first. A picture of
// now, whatever the period chosen: it takes no parameter.
import { diaEn } from '../../base/tiempo.js';
import { mensajes } from '../../mensajes.js';
import { defineInforme } from '../definir.js';
import * as q from '../queries.js';
import type { AlumnosCurso } from '../../../../contrato/informes.js';

const c = mensajes.informes.columnas;

export default defineInforme<AlumnosCurso>({
  nombre: 'alumnos-por-curso',
  ...mensajes.informes.catalogo.alumnosPorCurso,
  parametros: [],
  filas: 'cursos',
  columnas: [
    { clave: 'cursoId', etiqueta: c.cursoId, tipo: 'entero' },
    { clave: 'titulo', etiqueta: c.curso, tipo: 'texto', enlace: { recurso: 'cursos', id: 'cursoId' } },
    { clave: 'alumnos', etiqueta: c.alumnos, tipo: 'entero' },
  ],
  async compute({ db, timeZone, ahora }) {
    const hoy = diaEn(ahora, timeZone);
    const cursos = await q.alumnosPorCurso(db, { ahora: ahora.toISOString() });
    return { cuerpo: { periodo: { desde: hoy, hasta: hoy }, cursos }, periodo: { desde: hoy, hasta: hoy } };
  },
});
