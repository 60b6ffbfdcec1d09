// Every Spanish text the API sends to an administrator. Code refers to these, never to literals.
// How an entity or field is named comes from its definition (resources/*.ts): the texts that name
// one take its labels.
//
// This is the index of the catalogue: each module keeps its texts on a page beside it
// (rest/mensajes.ts, auth/mensajes.ts, verifactu/mensajes.ts…), and this file composes the pages
// into the one `mensajes` object every layer reads, section by section below, so a reader finds
// any text from here. Why the index may import pages from folders above it on the layer map
// (docs/arquitectura.md §1): a page is not its module's code but a leaf of the catalogue floor;
// it imports only the contract's grammar and redaccion.ts, never its module, so composing the
// pages here does not make the lower floors stand on the upper modules. api/test/capas.test.ts
// places every page on that floor and fails if one imports anything else; code reads the texts
// through this index, not through its page, so there is still one way in.
import { mensajesRest } from './rest/mensajes.js';
import { mensajesAuth } from './auth/mensajes.js';
import { mensajesMedia } from './media/mensajes.js';
import { mensajesFacturas } from './resources/facturas/mensajes.js';
import { mensajesPagos } from './resources/pagos/mensajes.js';
import { mensajesCursos } from './resources/cursos/mensajes.js';
import { mensajesResources } from './resources/mensajes.js';
import { mensajesVerifactu } from './verifactu/mensajes.js';
import { mensajesPasarelas } from './pasarelas/mensajes.js';
import { mensajesInformes } from './informes/mensajes.js';
import { mensajesTrabajos } from './trabajos/mensajes.js';
import { mensajesEventos } from './eventos/mensajes.js';
import { mensajesExtractos } from './extractos/mensajes.js';
import { mensajesMatriculas } from './resources/matriculas/mensajes.js';
import { mensajesCupones } from './resources/cupones/mensajes.js';
import { mensajesImportacion } from './importacion/mensajes.js';
import { mensajesCorreo } from './correo/mensajes.js';

export const mensajes = {
  peticion: mensajesRest.peticion,
  filtro: mensajesRest.filtro,
  validacion: mensajesRest.validacion,
  orden: mensajesCursos.orden,
  borrado: mensajesRest.borrado,
  acceso: mensajesRest.acceso,
  segundoFactor: mensajesAuth.segundoFactor,
  auth: mensajesAuth.auth,
  cuenta: mensajesAuth.cuenta,
  tokens: mensajesAuth.tokens,
  enlaces: mensajesAuth.enlaces,
  subidas: mensajesMedia.subidas,
  facturacion: mensajesFacturas.facturacion,
  verifactu: mensajesVerifactu.verifactu,
  pasarelas: mensajesPasarelas.pasarelas,
  pagos: mensajesPagos.pagos,
  extractos: mensajesExtractos.extractos,
  matriculas: mensajesMatriculas.matriculas,
  cupones: mensajesCupones.cupones,
  importacion: mensajesImportacion.importacion,
  correo: mensajesCorreo.correo,
  salud: mensajesRest.salud,
  almacen: mensajesRest.almacen,
  exportar: mensajesRest.exportar,
  informes: mensajesInformes.informes,
  medios: mensajesMedia.medios,
  comprobacion: mensajesMedia.comprobacion,
  historial: mensajesRest.historial,
  trabajos: mensajesTrabajos.trabajos,
  actividad: mensajesResources.actividad,
  eventos: mensajesEventos.eventos,
};
