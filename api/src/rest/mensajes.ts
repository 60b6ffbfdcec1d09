// The REST engine's texts: the request, the filter, validation, deletion, access, history and export.
// A page of the catalogue (api/src/mensajes.ts lists every page): code reads it through the index.
import { conArticulo, pluralConArticulo, type Etiquetas } from '../../../contrato/etiquetas.js';
import { mayuscula, plural } from '../redaccion.js';

export const mensajesRest = {
  peticion: {
    tipoNoSoportado: 'El cuerpo de la petición debe ser JSON (Content-Type: application/json)',
    tipoOctetos: 'El cuerpo de la petición debe ser el archivo tal cual (Content-Type: application/octet-stream)',
    demasiadoGrande: 'El cuerpo de la petición es demasiado grande',
    cuerpoVacio: 'El cuerpo de la petición está vacío',
    jsonInvalido: 'El cuerpo de la petición no es JSON válido',
    origenNoPermitido: (origin: string) => `Origen no permitido: ${origin}`,
    rutaNoEncontrada: (method: string, path: string) => `No existe la ruta ${method} ${path}`,
    urlInvalida: 'La dirección pedida no es válida: tiene una secuencia «%» mal formada',
    urlDemasiadoLarga: 'Un tramo de la dirección pedida es demasiado largo',
    preflightInvalido: 'Comprobación CORS no válida: una petición OPTIONS necesita las cabeceras Origin y Access-Control-Request-Method',
    malFormada: 'La petición HTTP está mal formada',
    cabecerasDemasiadoGrandes: 'La dirección o las cabeceras de la petición son demasiado grandes',
    tiempoAgotado: 'La petición tardó demasiado en llegar completa',
    demasiadasFilas: (max: number) =>
      `La petición traería más de ${max.toLocaleString('es-ES')} filas con sus «include»: pide menos registros («limit») o limita las relaciones incluidas con «scope.limit»`,
    lecturaLenta: (ms: number) =>
      `La lectura pasó de ${(ms / 1000).toLocaleString('es-ES')} s y se detuvo: pide menos registros («limit»), menos «include» o un filtro más estrecho`,
    clienteSeFue: 'La petición se detuvo: el cliente cerró la conexión',
    preferCuenta: (valor: string, modos: readonly string[]) =>
      `Valor no válido en la cabecera Prefer: «count=${valor}»; se esperaba ${modos.map((m) => `«${m}»`).join(', ').replace(/, ([^,]*)$/, ' o $1')}`,
    soloLectura: (e: Etiquetas) => `${mayuscula(pluralConArticulo(e))} no se pueden modificar ni borrar`,
    /** Why a client cannot create or change what only the server writes, by resource. */
    soloServidor: {
      archivos: 'Los archivos los escribe el servidor: se crean subiendo un fichero a /subidas',
      registros: 'Los registros de facturación los escribe el servidor al emitir o anular una factura',
      remisiones: 'El estado de la remisión a la AEAT lo escribe el servidor al enviar cada registro y leer la respuesta',
      reembolsos: 'Los reembolsos los escribe el servidor: un pago se reembolsa con POST /pagos/{id}/reembolsar (importe y motivo), y lo hecho no se cambia ni se borra',
      notificaciones: 'Las notificaciones las escribe el servidor al recibir cada evento de una pasarela de pago, y lo recibido no se cambia ni se borra',
    },
  },
  filtro: {
    jsonInvalido: (param: string) => `El parámetro «${param}» no es JSON válido`,
    noEsObjeto: (param: string) => `El parámetro «${param}» debe ser un objeto`,
    claveDesconocida: (key: string) => `Clave de filtro desconocida: «${key}»`,
    campoDesconocido: (campo: string) => `Campo desconocido: «${campo}»`,
    operadorDesconocido: (op: string) => `Operador desconocido: «${op}»`,
    operadorNoAplicable: (op: string, campo: string) => `El operador «${op}» no se puede usar con el campo «${campo}»`,
    valorInvalido: (campo: string, esperado: string) => `Valor no válido para «${campo}»: se esperaba ${esperado}`,
    limite: (max: number) => `«limit» debe ser un entero entre 1 y ${max}`,
    salto: (max: number) => `«skip» / «offset» debe ser un entero entre 0 y ${max}`,
    orden: (valor: string) => `Orden no válido: «${valor}» (usa "campo ASC" o "campo DESC")`,
    campos: 'El filtro «fields» debe ser un objeto {campo: true|false} o una lista de campos',
    relacionDesconocida: (rel: string) => `Relación desconocida: «${rel}»`,
    rutaNoAdmitida: (clave: string) =>
      `No se puede filtrar por «${clave}»: solo por un campo del registro al que apunta una relación «belongsTo» («usuario.nombre»)`,
    includeInvalido: 'El filtro «include» debe ser una lista de relaciones o {relation, scope}',
    whereEnGetPorId: 'Al pedir un registro por id, el filtro solo admite «fields» e «include»',
    patronInvalido: (valor: string) => `Patrón no válido: «${valor}» termina en «\\» sin nada que escapar`,
    regexpInvalida: (valor: string) => `Expresión regular no válida: «${valor}»`,
    regexpNoAdmitida: (valor: string, parte: string) =>
      `Expresión regular no admitida: «${valor}» usa «${parte}». Se admiten caracteres, ., ^, $, grupos ( ) y (?: ), |, ` +
      `cuantificadores * + ? {n,m}, clases [ ] y los escapes \\d \\s \\w \\D \\S \\W \\t \\n \\r \\f \\v y \\ ante un signo de puntuación; ` +
      'como opción, solo /i',
    regexpDemasiadoCompleja: (valor: string, maxCaracteres: number, maxElementos: number) =>
      `Expresión regular demasiado larga o compleja: «${valor}» (como máximo ${maxCaracteres} caracteres y ` +
      `${maxElementos} elementos una vez desplegadas las repeticiones: «(ab){100}» cuenta 200)`,
    demasiadoProfundo: 'El filtro está anidado demasiado profundamente',
    consultaIlegible: (clave: string) =>
      clave
        ? `No se puede interpretar el parámetro «${clave}» de la consulta (nombre reservado, corchetes mal formados o demasiado anidado)`
        : 'No se puede interpretar la consulta: demasiados parámetros, demasiado anidada o con nombres reservados',
  },
  validacion: {
    titulo: 'Los datos no son válidos: revisa los campos señalados',
    debeSerObjeto: 'El cuerpo debe ser un objeto JSON',
    unoDe: (valores: string[]) => `Debe ser uno de estos valores: ${valores.map((v) => `«${v}»`).join(', ')}`,
    textoNoValido: 'El texto contiene caracteres que no se pueden guardar (el carácter nulo o medio carácter Unicode)',
    fechaFueraDeRango: 'Debe ser una fecha y hora real entre los años 1 y 9999 (sin segundo intercalar)',
    calculadoFueraDeRango: (campo: string) => `El valor calculado de «${campo}» queda fuera del rango permitido: revisa los importes`,
    tipoReservado: (tipo: string) => `El tipo «${tipo}» lo reserva el registro de auditoría del servidor`,
    /** What a field with a pattern expects, in words (Ajv would quote the regular expression). */
    patron: {
      serie: 'La serie debe tener de 1 a 20 letras mayúsculas sin acentos, cifras o guiones, sin espacios (A, R, 2026-B…)',
      tipo: 'El tipo solo puede tener letras sin acentos (A-Z), cifras y guiones, sin espacios (BACK-LOGIN…)',
    } as Record<string, string>,
    fechaLejana: 'La fecha no puede estar a más de un día de la hora actual del servidor',
    idEnCuerpo: 'El «id» lo asigna el servidor: no se puede enviar al crear',
    idDistinto: 'El «id» del cuerpo no coincide con el de la ruta',
    parcheVacio: 'No hay nada que actualizar: el cuerpo está vacío',
    claveAjena: (campo: string, e: Etiquetas) => `No existe ${conArticulo(e)} indicad${e.genero === 'f' ? 'a' : 'o'} en «${campo}»`,
    conflictoReferencia: 'La operación choca con registros relacionados que han cambiado a la vez; vuelve a intentarlo',
    archivoNoListo: (campo: string, carpeta: string) =>
      `«${campo}» debe ser la ruta de un archivo ya subido y procesado en /${carpeta}/ (o una URL http/https)`,
    padreDistinto: (campo: string) => `«${campo}» lo fija la ruta y no se puede cambiar`,
    unico: (campos: string[]) =>
      campos.length === 1 ? `Ya existe un registro con ese valor de «${campos[0]}»` : `Ya existe un registro con esa combinación de ${campos.map((c) => `«${c}»`).join(' y ')}`,
  },
  borrado: {
    archivoEnUso: (usos: { etiquetas: Etiquetas; n: number }[]) =>
      `No se puede borrar: el archivo lo usa${usos.length === 1 && usos[0].n === 1 ? '' : 'n'} ${usos.map((u) => plural(u.n, u.etiquetas)).join(', ')}`,
    tieneHijos: (e: Etiquetas, hijos: { etiquetas: Etiquetas; n: number }[]) =>
      `No se puede borrar: ${conArticulo(e)} tiene ${hijos.map((h) => plural(h.n, h.etiquetas)).join(', ')}`,
  },
  acceso: {
    leer: (e: Etiquetas, rol: string) => `Tu cuenta (${rol}) no tiene acceso a ${pluralConArticulo(e)}`,
    escribir: (e: Etiquetas, rol: string) => `Tu cuenta (${rol}) puede consultar ${pluralConArticulo(e)}, pero no crearlos, cambiarlos ni borrarlos`,
    campo: (campo: string, e: Etiquetas, rol: string) => `Tu cuenta (${rol}) no tiene acceso al campo «${campo}» de ${pluralConArticulo(e)}`,
    propios: (e: Etiquetas) => `Solo tienes acceso a ${pluralConArticulo(e)} de tu propia cuenta`,
    propiosToken: (e: Etiquetas) => `Solo tienes acceso a ${pluralConArticulo(e)} de tu propia cuenta, y un token no es una cuenta`,
    soloCrear: (e: Etiquetas, rol: string) => `Tu cuenta (${rol}) puede crear ${pluralConArticulo(e)}, pero no cambiarlos ni borrarlos`,
    buscarPor: (campo: string, etiqueta: string, e: Etiquetas) =>
      `Solo puedes buscar ${pluralConArticulo(e)} por su ${etiqueta.toLowerCase()} exacto, con {"where": {"${campo}": …}}: no listarlos ni leerlos por id`,
    donde: (e: Etiquetas, condicion: string) => `Solo tienes acceso a ${pluralConArticulo(e)} con ${condicion}`,
    ruta: (rol: string) => `Tu cuenta (${rol}) no tiene acceso a esta función`,
    fase: (fase: string) =>
      ({
        codigo: 'Falta el código de verificación: escríbelo para terminar de entrar',
        enrolar: 'Tu cuenta debe activar la verificación en dos pasos antes de seguir',
        cambiarPass: 'Debes elegir una contraseña nueva antes de seguir',
      })[fase] ?? 'Tu sesión no está completa: vuelve a entrar',
  },
  salud: {
    bdNoDisponible: 'La base de datos no responde',
  },
  /** Faults of the disk or the object store the files (and SQLite) live on: the request may work later. */
  almacen: {
    lleno: 'No queda espacio en el almacenamiento del servidor: no se ha guardado nada. Avisa a quien lo administra',
    soloLectura: 'El almacenamiento del servidor no admite escrituras ahora mismo: no se ha guardado nada. Vuelve a intentarlo en unos minutos',
    noDisponible: 'El almacenamiento de archivos no responde: no se ha guardado nada. Vuelve a intentarlo en unos segundos',
  },
  exportar: {
    includeNoAdmitido: 'La exportación no admite «include»: las referencias ya salen con su nombre',
    ocupado: (max: number) => `Ya hay ${max} exportaciones en curso: vuelve a intentarlo cuando termine alguna`,
    si: 'Sí',
    no: 'No',
  },
  historial: {
    /** Said of a secret in a record's history, instead of its value. */
    cambiada: 'cambiada',
    /** 412: the record changed since the version the client read. */
    versionCambiada: (e: Etiquetas, version: number) =>
      `${mayuscula(conArticulo(e))} ha cambiado desde que ${e.genero === 'f' ? 'la' : 'lo'} leíste (ahora va por la versión ${version}): revisa los cambios y guarda de nuevo`,
    ifMatchInvalido: 'Cabecera If-Match no válida: se esperaba la versión entre comillas, por ejemplo "3"',
    /** 400: a precondition on a write whose route cannot evaluate it; nothing was written. */
    precondicionNoEvaluada: (cabecera: string) =>
      cabecera === 'If-Match'
        ? 'Esta escritura no admite If-Match: solo la comprueban el cambio, el reemplazo y el borrado de un registro y sus acciones. Nada se ha escrito. En un cambio masivo, pon la versión de cada registro en el where, por ejemplo {"or":[{"id":1,"version":3}]}, y el «count» de la respuesta dice cuántos se aplicaron'
        : `Esta API no comprueba la cabecera ${cabecera}: nada se ha escrito. Para escribir sobre la versión leída, usa If-Match en el registro`,
    noRestaurable: (e: Etiquetas) => `${mayuscula(pluralConArticulo(e))} guardan su historial, pero no se restauran: se corrigen con sus propias operaciones`,
    versionDesconocida: (version: number) => `No hay en el historial una versión ${version} de este registro`,
    sinVersionAnterior: 'El historial de este registro no guarda los valores de esa versión (se purgaron o son anteriores al historial)',
    restaurarUno: 'Indica qué versión restaurar: «version» o «logId», uno de los dos',
    secretoNoRestaurable: 'Las contraseñas y secretos no se restauran desde el historial',
  },
};
