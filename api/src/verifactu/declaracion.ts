// The declaración responsable (Orden HAC/1177/2024, art. 15.1): its title, then items a) to l) in
// that order, each preceded by the text that describes it, for this version of the system. The
// producer's data (h, i, j) and where and when it is signed (l) come from configuration; the rest
// is what this system is. Served without a session: anyone must be able to read it.
import type { Config } from '../config.js';
import { VERSION } from './sistema.js';
import { ID_SISTEMA, NOMBRE_SISTEMA } from './xml.js';

export const TITULO_DECLARACION = 'DECLARACIÓN RESPONSABLE DEL SISTEMA INFORMÁTICO DE FACTURACIÓN';

export interface Apartado {
  letra: string;
  /** The text that describes the datum, as the Orden words it. */
  texto: string;
  valor: string | null;
  /** The variable that gives it, when it comes from configuration and is missing. */
  falta?: string;
}

export interface Declaracion {
  titulo: string;
  /** Whether this installation sends its records now (VERIFACTU not desactivado). */
  remisionActiva: boolean;
  apartados: Apartado[];
}

const COMPONENTES =
  'Software, sin hardware propio (se ejecuta en los servidores de quien lo usa): un servidor de API en Node.js (Fastify y Knex) sobre una base de datos ' +
  'SQLite o PostgreSQL, y una aplicación web de administración (React). Es el back-office de un negocio de formación en línea: clases, cursos, alumnos, ' +
  'pagos e informes, y su facturación: expide facturas completas, simplificadas y rectificativas numeradas sin huecos, con su PDF y su código QR ' +
  'tributario; genera y encadena con su huella cada registro de facturación de alta y de anulación, y los remite a la sede electrónica de la AEAT en ' +
  'cuanto se generan, con el control de flujo, los reintentos y las subsanaciones que la AEAT establece.';

const CUMPLIMIENTO =
  'La persona o entidad productora hace constar que este sistema informático, en la versión indicada, cumple con lo dispuesto en el artículo 29.2.j) ' +
  'de la Ley 58/2003, de 17 de diciembre, General Tributaria, en el Reglamento que establece los requisitos que deben adoptar los sistemas y programas ' +
  'informáticos o electrónicos que soporten los procesos de facturación de empresarios y profesionales, y la estandarización de formatos de los ' +
  'registros de facturación, aprobado por el Real Decreto 1007/2023, de 5 de diciembre, en la Orden HAC/1177/2024, de 17 de octubre, y en la sede ' +
  'electrónica de la Agencia Estatal de Administración Tributaria para todo aquello que complete las especificaciones de dicha orden.';

export function declaracionResponsable(config: Pick<Config, 'verifactu'>): Declaracion {
  const { productor, declaracion, modo } = config.verifactu;
  const dato = (valor: string | undefined, variable: string) => (valor ? { valor } : { valor: null, falta: variable });
  const fechaYLugar =
    declaracion.fecha && declaracion.lugar ? { valor: `${declaracion.fecha.replaceAll('-', '/')}, ${declaracion.lugar}` } : { valor: null, falta: 'SIF_DECLARACION_FECHA, SIF_DECLARACION_LUGAR' };
  return {
    titulo: TITULO_DECLARACION,
    remisionActiva: modo !== 'desactivado',
    apartados: [
      { letra: 'a', texto: 'Nombre del sistema informático', valor: NOMBRE_SISTEMA },
      { letra: 'b', texto: 'Código identificador del sistema informático', valor: ID_SISTEMA },
      { letra: 'c', texto: 'Identificador completo de la versión del sistema informático', valor: VERSION },
      { letra: 'd', texto: 'Componentes, hardware y software, del sistema informático, y descripción de lo que hace y de sus principales funcionalidades', valor: COMPONENTES },
      { letra: 'e', texto: 'Indicación de si el sistema informático solo puede funcionar exclusivamente como «VERI*FACTU»', valor: 'Sí: solo puede funcionar como «VERI*FACTU»' },
      {
        letra: 'f',
        texto: 'Indicación de si el sistema informático permite ser usado por varios obligados tributarios o por un mismo usuario para dar soporte a la facturación de varios obligados tributarios',
        valor: 'No: da soporte a la facturación de un solo obligado tributario',
      },
      {
        letra: 'g',
        texto: 'Tipos de firma utilizados para firmar los registros de facturación y de evento en caso de que el sistema informático no sea utilizado como «VERI*FACTU»',
        valor: 'Ninguno: el sistema solo funciona como «VERI*FACTU», cuyos registros no se firman ni llevan registro de eventos (Orden HAC/1177/2024, artículo 3)',
      },
      { letra: 'h', texto: 'Nombre y apellidos o razón social de la persona o entidad productora del sistema informático', ...dato(productor.nombre, 'SIF_PRODUCTOR_NOMBRE') },
      { letra: 'i', texto: 'Número de identificación fiscal (NIF) español de la persona o entidad productora del sistema informático', ...dato(productor.nif, 'SIF_PRODUCTOR_NIF') },
      { letra: 'j', texto: 'Dirección postal completa de contacto de la persona o entidad productora del sistema informático', ...dato(productor.direccion, 'SIF_PRODUCTOR_DIRECCION') },
      { letra: 'k', texto: 'Declaración de cumplimiento', valor: CUMPLIMIENTO },
      { letra: 'l', texto: 'Fecha y lugar en que la persona o entidad productora suscribe esta declaración responsable', ...fechaYLugar },
    ],
  };
}
