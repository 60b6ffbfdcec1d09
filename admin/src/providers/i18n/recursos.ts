// Spanish names of every resource and field (react-admin reads them under `resources`), and the
// other texts the resource sections show (`aulaRecursos`, merged under `aula` by es.ts). Entity,
// field and value labels come from the API registry; only the admin's own texts are written here.
import entidades from 'virtual:aula-entidades';
import type { Etiquetas, EntidadesPublicas } from '../../../../contrato/entidades';
import { aulaShell } from './aula';

// Filters and relations the admin shows as fields: no column of the API, so no label of its own.
const rangoFecha = {
  fecha_gte: 'Desde',
  fecha_lte: 'Hasta',
};

/**
 * What only the admin says of each section, where the words that follow from its labels and gender
 * (textosDeLabels) are not the ones it uses: its filters, a verb of its own, another name.
 */
const propios: Record<string, { name?: string; page?: Record<string, string>; empty?: string; invite?: string; fields?: Record<string, string> }> = {
  cursos: { fields: { clases: 'Clases' } },
  categorias: { fields: { cursos: 'Cursos' } },
  usuarios: {
    invite: 'Da de alta el primer usuario',
    fields: { createdAt_gte: 'Alta desde', createdAt_lte: 'Alta hasta' },
  },
  pagos: { invite: 'Registra el primer pago', fields: { ...rangoFecha, reembolsos: 'Reembolsos' } },
  facturas: {
    // The menu names the section «Facturación» (docs/arquitectura.md §5); its list page says the same.
    page: { list: aulaShell.menu.facturacion },
    fields: rangoFecha,
  },
  // The menu names the outbox «Correo»; its list page says the same.
  correos: { page: { list: aulaShell.menu.correo, show: 'Correo #%{id}' } },
  // The section is the activity, not its rows: the menu and its title say «Actividad».
  logs: { name: 'Actividad |||| Actividad', page: { show: 'Actividad #%{id}' }, empty: 'Aún no hay actividad', fields: rangoFecha },
};

const capital = (s: string) => s[0].toUpperCase() + s.slice(1);

/**
 * An entity's titles and empty list in its own gender: «Nueva clase», «Aún no hay clases», «Crea la
 * primera clase»; «Nuevo curso», «Crea el primer curso».
 */
export function textosDeLabels({ singular, plural, genero }: Etiquetas) {
  const f = genero === 'f';
  return {
    page: { create: `${f ? 'Nueva' : 'Nuevo'} ${singular}` },
    empty: `Aún no hay ${plural}`,
    invite: `Crea ${f ? 'la primera' : 'el primer'} ${singular}`,
  };
}

/**
 * react-admin's `resources.<name>` keys, from the API registry's labels (one source for the API's
 * messages, its CSV and OpenAPI, and the admin), with what only the admin says of each section.
 */
export function textosDeRecursos(entidades: EntidadesPublicas) {
  return Object.fromEntries(
    Object.entries(entidades).map(([name, { labels, fields }]) => {
      const propio = propios[name] ?? {};
      const deLabels = textosDeLabels(labels);
      const etiquetas = Object.fromEntries(Object.entries(fields).flatMap(([field, campo]) => (campo.label ? [[field, campo.label]] : [])));
      return [
        name,
        {
          ...deLabels,
          ...propio,
          page: { ...deLabels.page, ...propio.page },
          name: propio.name ?? `${capital(labels.singular)} |||| ${capital(labels.plural)}`,
          fields: { q: 'Buscar', ...etiquetas, ...propio.fields },
        },
      ];
    }),
  );
}

export const recursos = textosDeRecursos(entidades);

/**
 * The label of every enum value the registry declares, where common/formato/choices.ts looks for it
 * (`aula.enum.<recurso>.<campo>.<valor>`): a new entity or enum field needs no line here.
 */
export function textosDeValores(entidades: EntidadesPublicas) {
  return Object.fromEntries(
    Object.entries(entidades).map(([name, { fields }]) => [
      name,
      Object.fromEntries(Object.entries(fields).flatMap(([field, campo]) => (campo.enumLabels ? [[field, { ...campo.enumLabels }]] : []))),
    ]),
  );
}

export const aulaRecursos = {
  enum: textosDeValores(entidades),
  // The record an activity entry is about, named as its definition declares, or by its id.
  actividad: {
    registro: '%{recurso} «%{nombre}»',
    sinNombre: '%{recurso} #%{id}',
  },
  validacion: {
    pais: 'Código de país de dos letras en mayúsculas (ES, FR, PT…)',
    moneda: 'Código de moneda de tres letras en mayúsculas (EUR, USD…)',
    serie: 'De 1 a 20 letras mayúsculas sin acentos, cifras o guiones, sin espacios (A, R, 2026-B…)',
    tipo: 'Solo letras sin acentos (A-Z), cifras y guiones, sin espacios (BACK-LOGIN…)',
    codigo: 'Solo letras sin acentos (A-Z), cifras, guiones y guiones bajos, sin espacios (VERANO-20…)',
    mayorQue: 'Debe ser mayor que %{min}',
    importe: {
      invalido: 'Escribe un importe como 49,90 o 1.234,56',
      ambiguo: 'Importe ambiguo: escribe 1234 o 1.234,00 para mil doscientos treinta y cuatro, o 1,23 con dos decimales',
      demasiado: 'El importe máximo es 21.474.836,47',
    },
    fecha: {
      dia: 'Escribe una fecha real como dd/mm/aaaa (por ejemplo 05/03/2026)',
      diaHora: 'Escribe una fecha y hora reales como dd/mm/aaaa hh:mm (por ejemplo 05/03/2026 14:30)',
    },
  },
  periodo: {
    cualquiera: 'Cualquier fecha',
  },
  formato: {
    dia: 'dd/mm/aaaa',
    diaHora: 'dd/mm/aaaa hh:mm',
  },
  ayuda: {
    duracion: 'En segundos',
    video: 'Sube un vídeo o escribe la URL de uno alojado en otro sitio',
    foto: 'Sube una foto o escribe la URL de una alojada en otro sitio',
    claseDeCursoOUsuario: 'Una clase pertenece a un curso, a un usuario (clase privada) o a ambos',
    ordenVacio: 'Si lo dejas vacío, una clase nueva va al final de su curso',
    totalesDelServidor: 'La cuota de IVA y el total los calcula el servidor al guardar',
  },
  secciones: {
    datos: 'Datos',
    clasesDelCurso: 'Clases del curso',
    cursosDeLaCategoria: 'Cursos de la categoría',
    pagos: 'Pagos',
    facturas: 'Facturas',
    clasesPrivadas: 'Clases privadas',
    cliente: 'Cliente',
    totales: 'Totales',
    direccion: 'Dirección',
    historial: 'Historial',
  },
  acciones: {
    anadirClase: 'Añadir clase',
    anadirClasePrivada: 'Añadir clase privada',
  },
  /** A factura's and a pago's actions; each irreversible one asks first and says so. */
  facturacion: {
    emitir: 'Emitir',
    emitirTitulo: '¿Emitir %{factura}?',
    emitirPregunta:
      'Se emite tal como está guardado: recibe el siguiente número de su serie, la fecha de hoy y su registro VeriFactu. ' +
      'Después ya no se podrá modificar ni borrar. Esta acción no se puede deshacer.',
    emitida: 'Factura %{factura} emitida',
    pdf: 'Descargar PDF',
    rectificar: 'Rectificar',
    rectificarTitulo: 'Rectificar la factura %{factura}',
    rectificarAyuda: 'Una factura emitida no se cambia: se corrige emitiendo otra, la rectificativa.',
    caso: 'Qué hay que corregir',
    casoCliente: 'Corregir datos del cliente',
    casoClienteAyuda:
      'El nombre, el NIF o la dirección están mal. Se emite una factura nueva, completa y con los datos buenos, que sustituye a esta: ' +
      'es la que valdrá desde ahora y a la que pasa su pago. Los importes no cambian.',
    casoImportes: 'Corregir importes',
    casoImportesAyuda:
      'Sobra o falta dinero: un descuento, una devolución, un precio equivocado. Se emite una rectificativa con la diferencia; esta factura sigue valiendo.',
    motivo: 'Motivo (art. 80 LIVA)',
    descripcion: 'Descripción',
    descripcionAyuda: 'La lee el cliente: se imprime en la rectificativa, tras «Rectificación de la factura…».',
    fechaOperacionAyuda: 'Solo si la operación (el cobro, el curso) fue otro día que el de la emisión: la factura la imprime.',
    alcance: 'Qué se rectifica',
    alcanceEntera: 'Toda la factura (la deja a cero)',
    alcanceRestar: 'Restar de la base imponible',
    alcanceSumar: 'Sumar a la base imponible',
    diferencia: 'Diferencia de base',
    rectificada: 'Rectificativa %{factura} emitida',
    sustituida: 'Factura %{factura} emitida: sustituye a %{original}',
    chipRectificada: 'Rectificada',
    chipRectificadaPor: 'Rectificada: %{factura}',
    // A replaced invoice is without effect: this replaces its estado wherever it is shown.
    chipSustituidaPor: 'Sustituida por %{factura}',
    anular: 'Anular',
    anularTitulo: '¿Anular %{factura}?',
    anularPregunta:
      'Solo para una factura emitida por error: queda anulada, su número sigue usado y se registra su anulación en VeriFactu. ' +
      'Para corregir una factura, usa «Rectificar». Esta acción no se puede deshacer.',
    anulada: 'Factura %{factura} anulada',
    qr: 'QR tributario:',
    qrPie: 'Factura verificable en la sede electrónica de la AEAT',
    qrAlt: 'Código QR tributario de la factura %{factura}',
    registros: 'Registro VeriFactu',
    sinRegistros: 'Sin registros VeriFactu',
    primerRegistro: 'Primer registro de la cadena',
    rectificativas: 'Rectificativas',
    sinRectificativas: 'Sin rectificativas',
    emitirFactura: 'Emitir factura',
    emitirFacturaTitulo: '¿Emitir la factura de este pago?',
    emitirFacturaPregunta:
      'Se emite a nombre de su usuario por el importe del pago (%{importe}, IVA del 21 % incluido) y queda pagada. ' +
      'Esta acción no se puede deshacer.',
    reembolsar: 'Reembolsar',
    reembolsarTitulo: 'Reembolsar el pago de %{importe}',
    reembolsarAyuda:
      'Se devuelve al alumno lo que indiques, todo lo que queda o una parte. Si el pago tiene factura emitida, se emite una rectificativa ' +
      'por ese importe. Esta acción no se puede deshacer.',
    reembolsarYaDevuelto: 'Ya se han devuelto %{devuelto}; quedan %{queda}.',
    importeReembolso: 'Importe a devolver',
    motivoReembolso: 'Motivo',
    motivoReembolsoAyuda: 'Para la academia: queda en el reembolso y en el registro de actividad. No lo ve el alumno.',
    descripcionReembolso: 'Texto para el alumno',
    descripcionReembolsoAyuda: 'Opcional. Se imprime en la rectificativa que recibe; si lo dejas vacío, dirá solo el importe devuelto.',
    reembolsoMaximo: 'Como mucho %{queda}, lo que queda por devolver',
    reembolsado: 'Reembolso de %{importe} hecho',
    reembolsadoEnParte: 'Reembolsado en parte',
    sinReembolsos: 'Sin reembolsos',
    sinFactura: 'Sin factura',
  },
  /** Why a pago that money or an invoice went through is not deleted (the API answers the same); its form says it. */
  pagos: {
    noBorrable: 'Este pago es un registro contable y no se borra. Si es un error, se corrige con un reembolso o con una rectificativa de su factura.',
    /** Where a pago came from when no gateway brought it. */
    sinPasarela: 'Anotado a mano',
  },
  /** Actions on the rows selected in a list; titles and questions say how many. */
  masivo: {
    publicar: 'Publicar',
    despublicar: 'Despublicar',
    moverACurso: 'Mover a curso…',
    cambiarEstado: 'Cambiar estado…',
    activar: 'Activar',
    desactivar: 'Desactivar',
    publicarTitulo: 'Publicar %{smart_count} clase |||| Publicar %{smart_count} clases',
    publicarPregunta: '¿Publicar la clase seleccionada? Los alumnos del curso la verán. |||| ¿Publicar las %{smart_count} clases seleccionadas? Los alumnos de sus cursos las verán.',
    despublicarTitulo: 'Despublicar %{smart_count} clase |||| Despublicar %{smart_count} clases',
    despublicarPregunta: '¿Pasar a borrador la clase seleccionada? Los alumnos dejarán de verla. |||| ¿Pasar a borrador las %{smart_count} clases seleccionadas? Los alumnos dejarán de verlas.',
    moverTitulo: 'Mover %{smart_count} clase a otro curso |||| Mover %{smart_count} clases a otro curso',
    moverAyuda: 'Conservan su orden; ordénalas después en la página del curso',
    estadoTitulo: 'Cambiar el estado de %{smart_count} curso |||| Cambiar el estado de %{smart_count} cursos',
    activarTitulo: 'Activar %{smart_count} usuario |||| Activar %{smart_count} usuarios',
    activarPregunta: '¿Activar el usuario seleccionado? |||| ¿Activar los %{smart_count} usuarios seleccionados?',
    desactivarTitulo: 'Desactivar %{smart_count} usuario |||| Desactivar %{smart_count} usuarios',
    desactivarPregunta: '¿Desactivar el usuario seleccionado? |||| ¿Desactivar los %{smart_count} usuarios seleccionados?',
    // Rows that changed after the list was read are left as they are (docs/arquitectura.md §17).
    noAplicados:
      '%{smart_count} de %{total} no se aplicó: otra persona lo cambió. Revisa la lista. |||| %{smart_count} de %{total} no se aplicaron: otras personas los cambiaron. Revisa la lista.',
    noBorrados:
      '%{smart_count} de %{total} no se borró: otra persona lo cambió. Revisa la lista. |||| %{smart_count} de %{total} no se borraron: otras personas los cambiaron. Revisa la lista.',
  },
  /**
   * Publishing a curso whose clases are all borradores: its students would find it empty, so
   * the administrator is asked whether to publish the clases too.
   */
  publicacion: {
    titulo: '¿Publicar también sus clases?',
    unCurso:
      'La única clase de este curso está en borrador: si solo se publica el curso, sus alumnos no la verán. |||| ' +
      'Las %{smart_count} clases de este curso están en borrador: si solo se publica el curso, sus alumnos no verán ninguna.',
    seleccion:
      'Cursos elegidos que solo tienen clases en borrador: %{cursos}, con %{smart_count} clases en total. ' +
      'Si solo se publican los cursos, sus alumnos no verán esas clases.',
    todo: 'Publicar también su clase |||| Publicar también sus %{smart_count} clases',
    soloCurso: 'Publicar solo el curso',
    soloCursos: 'Publicar solo los cursos',
  },
  /** Reordering a curso's clases by dragging or with the keyboard (read aloud by screen readers). */
  orden: {
    asa: 'Mover «%{titulo}»',
    guardando: 'Guardando el orden…',
    guardado: 'Orden guardado',
    instrucciones:
      'Para mover una clase, pulsa la barra espaciadora sobre su asa; después usa las flechas arriba y abajo, ' +
      'y pulsa de nuevo la barra espaciadora para soltarla en su sitio, o Escape para cancelar.',
    levantada: 'Clase «%{titulo}» levantada, en la posición %{posicion} de %{total}.',
    sobre: 'Clase «%{titulo}» en la posición %{posicion} de %{total}.',
    soltada: 'Clase «%{titulo}» soltada en la posición %{posicion} de %{total}.',
    cancelada: 'Movimiento cancelado: la clase «%{titulo}» vuelve a la posición %{posicion}.',
  },
  vacio: {
    clasesDelCurso: 'Este curso aún no tiene clases',
    cursosDeLaCategoria: 'Esta categoría aún no tiene cursos',
    pagos: 'Sin pagos',
    facturas: 'Sin facturas',
    clasesPrivadas: 'Sin clases privadas',
  },
  accesoDenegado: {
    conRol: 'Tu cuenta (%{rol}) no tiene acceso a esta página. Si la necesitas, pídesela a un administrador.',
    volver: 'Volver al inicio',
  },
  logins: {
    nuevaContrasena: 'Nueva contraseña',
    nuevaContrasenaAyuda: 'Déjala vacía para conservar la actual',
  },
};
