// The admin's sections: the one list of them. AdminApp's resources and pages, the menu and the
// /<sección> shortcuts all read it; a new section is its folder's index.ts and one line here.
import categorias from './categorias';
import clases from './clases';
import correos from './correos';
import cuenta from './cuenta';
import cupones from './cupones';
import cursos from './cursos';
import extractos from './extractos';
import facturas from './facturas';
import informes from './informes';
import logins from './logins';
import logs from './logs';
import lotes from './lotes';
import matriculas from './matriculas';
import notificaciones from './notificaciones';
import pagos from './pagos';
import plantillas from './plantillas';
import tokens from './tokens';
import trabajos from './trabajos';
import usuarios from './usuarios';
import verifactu from './verifactu';
import type { Seccion } from './common/secciones/definiciones';

export type { Seccion };

/** What the shell shows of a list of sections: menu entries in order, and the shortcuts. */
export function createSecciones(lista: Seccion[]) {
  const enMenu = lista.filter((s) => s.menu).sort((a, b) => a.menu!.orden - b.menu!.orden);
  return {
    todas: lista,
    /** Without a dashboard react-admin opens the first resource: the first of the list. */
    recursos: lista.filter((s) => !s.pagina),
    paginas: lista.filter((s) => s.pagina),
    enMenu,
    /** The sections reachable as /<sección>, which lead to /main/<sección>. */
    atajos: enMenu.map((s) => s.name),
  };
}

export const secciones = createSecciones([clases, cursos, categorias, usuarios, matriculas, lotes, facturas, correos, plantillas, pagos, notificaciones, extractos, cupones, logins, tokens, logs, informes, verifactu, trabajos, cuenta]);
