// The declaración responsable (Orden HAC/1177/2024, art. 15.1): its title, then items a) to l) in
// that order, each preceded by the text that describes it, for this version of the system. The
// producer's data (h, i, j) and where and when it is signed (l) come from configuration; the rest
// is what this system is. Served without a session: anyone must be able to read it.
import type { Declaracion } from '../../../contrato/verifactu.js';
import type { Config } from '../config/index.js';
import { mensajes } from '../mensajes.js';
import { VERSION } from './sistema.js';
import { ID_SISTEMA, NOMBRE_SISTEMA } from './xml.js';

const d = mensajes.verifactu.declaracion;

export function declaracionResponsable(config: Pick<Config, 'verifactu'>): Declaracion {
  const { productor, declaracion, modo } = config.verifactu;
  const dato = (valor: string | undefined, variable: string) => (valor ? { valor } : { valor: null, falta: variable });
  const fechaYLugar =
    declaracion.fecha && declaracion.lugar ? { valor: `${declaracion.fecha.replaceAll('-', '/')}, ${declaracion.lugar}` } : { valor: null, falta: 'SIF_DECLARACION_FECHA, SIF_DECLARACION_LUGAR' };
  const valores: Record<keyof typeof d.apartados, { valor: string | null; falta?: string }> = {
    a: { valor: NOMBRE_SISTEMA },
    b: { valor: ID_SISTEMA },
    c: { valor: VERSION },
    d: { valor: d.componentes },
    e: { valor: d.soloVerifactu },
    f: { valor: d.unObligado },
    g: { valor: d.sinFirma },
    h: dato(productor.nombre, 'SIF_PRODUCTOR_NOMBRE'),
    i: dato(productor.nif, 'SIF_PRODUCTOR_NIF'),
    j: dato(productor.direccion, 'SIF_PRODUCTOR_DIRECCION'),
    k: { valor: d.cumplimiento },
    l: fechaYLugar,
  };
  return {
    titulo: d.titulo,
    remisionActiva: modo !== 'desactivado',
    apartados: (Object.keys(d.apartados) as (keyof typeof d.apartados)[]).sort().map((letra) => ({ letra, texto: d.apartados[letra], ...valores[letra] })),
  };
}
