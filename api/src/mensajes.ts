// Every Spanish text the API sends to an administrator. Code refers to these, never to literals.
// How an entity or field is named comes from its definition (resources/*.ts): the texts that name
// one take its labels.
import { conArticulo, pluralConArticulo, type Etiquetas } from '../../contrato/etiquetas.js';

const mayuscula = (s: string) => s[0].toUpperCase() + s.slice(1);
/** «1 clase», «3 clases». */
const cuenta = (n: number, singular: string, plural: string) => `${n} ${n === 1 ? singular : plural}`;

const plural = (n: number, e: Etiquetas) => cuenta(n, e.singular, e.plural);

export const mensajes = {
  peticion: {
    tipoNoSoportado: 'El cuerpo de la petición debe ser JSON (Content-Type: application/json)',
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
      `La petición traería más de ${max.toLocaleString('es-ES')} filas con sus «include»: pida menos registros («limit») o limite las relaciones incluidas con «scope.limit»`,
    lecturaLenta: (ms: number) =>
      `La lectura pasó de ${(ms / 1000).toLocaleString('es-ES')} s y se detuvo: pida menos registros («limit»), menos «include» o un filtro más estrecho`,
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
    orden: (valor: string) => `Orden no válido: «${valor}» (use "campo ASC" o "campo DESC")`,
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
    titulo: 'Los datos no son válidos: revise los campos señalados',
    debeSerObjeto: 'El cuerpo debe ser un objeto JSON',
    unoDe: (valores: string[]) => `Debe ser uno de estos valores: ${valores.map((v) => `«${v}»`).join(', ')}`,
    textoNoValido: 'El texto contiene caracteres que no se pueden guardar (el carácter nulo o medio carácter Unicode)',
    fechaFueraDeRango: 'Debe ser una fecha y hora real entre los años 1 y 9999 (sin segundo intercalar)',
    calculadoFueraDeRango: (campo: string) => `El valor calculado de «${campo}» queda fuera del rango permitido: revise los importes`,
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
    conflictoReferencia: 'La operación choca con registros relacionados que han cambiado a la vez; vuelva a intentarlo',
    archivoNoListo: (campo: string, carpeta: string) =>
      `«${campo}» debe ser la ruta de un archivo ya subido y procesado en /${carpeta}/ (o una URL http/https)`,
    padreDistinto: (campo: string) => `«${campo}» lo fija la ruta y no se puede cambiar`,
    unico: (campos: string[]) =>
      campos.length === 1 ? `Ya existe un registro con ese valor de «${campos[0]}»` : `Ya existe un registro con esa combinación de ${campos.map((c) => `«${c}»`).join(' y ')}`,
  },
  orden: {
    resumen: 'Ordena las clases del curso: «clases» trae todas sus clases, cada una una vez, en el orden nuevo',
    repetida: (id: number) => `La clase ${id} aparece más de una vez`,
    ajena: (id: number) => `La clase ${id} no es de este curso`,
    falta: (id: number) => `Falta la clase ${id} del curso: la lista debe traer todas sus clases (quizá se ha añadido una mientras tanto)`,
  },
  borrado: {
    archivoEnUso: (usos: { etiquetas: Etiquetas; n: number }[]) =>
      `No se puede borrar: el archivo lo usa${usos.length === 1 && usos[0].n === 1 ? '' : 'n'} ${usos.map((u) => plural(u.n, u.etiquetas)).join(', ')}`,
    tieneHijos: (e: Etiquetas, hijos: { etiquetas: Etiquetas; n: number }[]) =>
      `No se puede borrar: ${conArticulo(e)} tiene ${hijos.map((h) => plural(h.n, h.etiquetas)).join(', ')}`,
  },
  acceso: {
    leer: (e: Etiquetas, rol: string) => `Su cuenta (${rol}) no tiene acceso a ${pluralConArticulo(e)}`,
    escribir: (e: Etiquetas, rol: string) => `Su cuenta (${rol}) puede consultar ${pluralConArticulo(e)}, pero no crearlos, cambiarlos ni borrarlos`,
    campo: (campo: string, e: Etiquetas, rol: string) => `Su cuenta (${rol}) no tiene acceso al campo «${campo}» de ${pluralConArticulo(e)}`,
    propios: (e: Etiquetas) => `Solo tiene acceso a ${pluralConArticulo(e)} de su propia cuenta`,
    ruta: (rol: string) => `Su cuenta (${rol}) no tiene acceso a esta función`,
    fase: (fase: string) =>
      ({
        codigo: 'Falta el código de verificación: escríbalo para terminar de entrar',
        enrolar: 'Su cuenta debe activar la verificación en dos pasos antes de seguir',
        cambiarPass: 'Debe elegir una contraseña nueva antes de seguir',
      })[fase] ?? 'Su sesión no está completa: vuelva a entrar',
  },
  segundoFactor: {
    codigoIncorrecto: 'El código no es correcto o ya se ha usado: escriba el que muestra ahora su aplicación, o un código de recuperación',
    contrasenaIncorrecta: 'La contraseña no es correcta',
    sinAlta: 'No ha empezado a activar la verificación en dos pasos: pida primero el código QR',
    yaActivo: 'La verificación en dos pasos ya está activada en su cuenta: desactívela antes de volver a activarla',
    noActivo: 'La verificación en dos pasos no está activada en su cuenta',
    sinCodigoPendiente: 'Su sesión no está esperando ningún código de verificación',
    obligatorio: (rol: string) => `Su cuenta (${rol}) debe tener la verificación en dos pasos: no se puede desactivar`,
    quitarResumen:
      'Quita la verificación en dos pasos de otra cuenta (quien perdió el teléfono y los códigos de recuperación): cierra sus sesiones; si su rol la exige, deberá activarla de nuevo al entrar',
    quitarPropio: 'Su propia verificación en dos pasos se desactiva en Mi cuenta, con su contraseña y un código',
    quitarSinFactor: 'Esta cuenta no tiene activada la verificación en dos pasos: no hay nada que quitar',
  },
  auth: {
    loginIncorrecto: 'login incorrecto',
    sinSesion: 'Se necesita iniciar sesión',
    demasiadosIntentos: (segundos: number) => {
      const minutos = Math.ceil(segundos / 60);
      return `Demasiados intentos fallidos. Vuelva a intentarlo dentro de ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'}`;
    },
    hashOcupadoCliente: 'Ya hay un inicio de sesión en curso desde esta dirección. Vuelva a intentarlo en un segundo',
    hashOcupado: 'El servidor está atendiendo muchos inicios de sesión a la vez. Vuelva a intentarlo en un segundo',
    ultimoAdministrador: 'No se puede desactivar ni borrar al último administrador activo: nadie podría entrar',
    ultimoAdministradorRol: 'No se puede quitar el rol de administrador al último administrador activo: nadie podría gestionar las cuentas',
    contrasena: {
      corta: (minimo: number) => `La contraseña debe tener al menos ${minimo} caracteres`,
      usuario: 'La contraseña no puede ser el nombre de usuario ni apenas más que él',
      comun: 'Esa contraseña es de las más usadas (o lo es con cifras o signos añadidos): elija otra menos previsible',
      config: (motivo: string) => `no cumple la política de contraseñas: ${motivo}`,
    },
    cli: {
      uso: 'Uso: npx tsx scripts/create-admin.ts <usuario> [contraseña]   (sin contraseña, se lee de la entrada estándar)',
      pedirContrasena: 'Contraseña: ',
      creado: (usuario: string) => `Administrador «${usuario}» creado`,
      restablecido: (usuario: string, { factorQuitado, debeEnrolar }: { factorQuitado: boolean; debeEnrolar: boolean }) =>
        [
          `Contraseña de «${usuario}» restablecida; la cuenta está activa y es administrador, y sus sesiones abiertas se han cerrado.`,
          factorQuitado ? 'Su verificación en dos pasos se ha quitado (el teléfono y los códigos de recuperación anteriores ya no sirven).' : '',
          `Entre en el admin como «${usuario}» con la contraseña nueva${
            debeEnrolar ? ': como su rol exige la verificación en dos pasos (MFA_ROLES), se le pedirá activarla con su teléfono antes de seguir' : ''
          }.`,
        ]
          .filter(Boolean)
          .join('\n'),
    },
  },
  cuenta: {
    actualIncorrecta: 'La contraseña actual no es correcta',
    igualQueActual: 'La contraseña nueva debe ser distinta de la actual',
    restablecerResumen: 'Restablece la contraseña de la cuenta: responde una contraseña temporal, que se muestra solo esta vez; la cuenta deberá elegir otra al entrar y sus sesiones se cierran',
    temporal: 'Contraseña temporal: se muestra solo esta vez',
  },
  subidas: {
    sinTus: 'Las subidas hablan el protocolo tus: falta la cabecera Tus-Resumable',
    carpetaInvalida: (valor: string) => `La subida debe indicar en Upload-Metadata la carpeta «videos» o «photos» (recibido «${valor}»)`,
    sinTamano: 'La subida debe indicar su tamaño (Upload-Length) al crearse',
    demasiadoGrande: (carpeta: string, mb: number) => `El fichero es demasiado grande: en /${carpeta}/ se admiten como máximo ${mb} MB`,
    tipoNoAdmitido: (carpeta: string) =>
      carpeta === 'videos'
        ? 'El fichero no es un vídeo admitido: se aceptan MP4, WebM y MOV (según su contenido, no su nombre)'
        : 'El fichero no es una imagen admitida: se aceptan JPEG, PNG y WebP (según su contenido, no su nombre)',
    noExiste: 'La subida no existe o ha caducado: vuelva a empezar',
    desplazamiento: 'El fragmento no empieza donde terminó lo recibido: pida el desplazamiento (HEAD) y continúe desde ahí',
    version: 'Versión del protocolo tus no admitida (se admite la 1.0.0)',
    cabeceraInvalida: 'Cabecera tus no válida',
    fallo: (estado: number) => `La subida no se pudo completar (estado ${estado})`,
    procesado: 'No se pudo procesar el fichero',
    cancelada: 'La subida ya no existe: su archivo se borró mientras se subía',
    demasiadasALaVez: (n: number) =>
      `Tiene ${n === 1 ? 'ya una subida' : `ya ${n} subidas`} en curso, el máximo a la vez: espere a que ${n === 1 ? 'termine' : 'termine alguna'} o cancele una`,
    cuotaAgotada: (libresMb: number, cuotaMb: number) =>
      `No queda espacio para este fichero: quedan ${libresMb} MB libres de los ${cuotaMb} MB de la cuota de almacenamiento (CUOTA_ALMACEN_MB). Borre archivos que no se usen`,
  },
  facturacion: {
    emisorDemo: ({ nombre, nif, domicilio }: { nombre: string; nif: string; domicilio: string }) =>
      `Emisor de facturas de demostración (ficticio): ${nombre}, NIF ${nif}, ${domicilio}. En producción, EMISOR_NIF, EMISOR_NOMBRE y EMISOR_DOMICILIO.`,
    encadenadas: (n: number) => `Registros VeriFactu escritos para ${n} ${n === 1 ? 'factura emitida que no lo tenía' : 'facturas emitidas que no los tenían'} (datos de demostración o de antes de esta versión)`,
    resumen: {
      emitir: 'Emite un borrador: le da el siguiente número de su serie, fija emisor, cliente e importes y escribe su registro VeriFactu. No se puede deshacer',
      rectificar:
        'Crea y emite una factura rectificativa en la serie de rectificativas: por diferencias (tipoRectificativa I, los importes que cambian; en negativo para anular en todo o en parte) ' +
        'o por sustitución (S, la factura entera corregida, p. ej. con los datos del cliente bien), que sustituye a la rectificada también en sus pagos',
      anular: 'Anula una factura emitida por error: escribe el registro de anulación; su número queda usado',
      facturar: 'Emite la factura de un pago completado: el total es exactamente el importe del pago, IVA incluido',
      pdf: 'La factura emitida en PDF, con el código QR tributario de la AEAT',
      qr: 'El código QR tributario de la factura emitida (SVG)',
      verificar: 'Recalcula la cadena de huellas de los registros de facturación y dice si está intacta o dónde se rompe',
    },
    inmutable: (num: string, estado: string) =>
      `La factura ${num} está ${estado} y no se puede modificar ni borrar: para corregirla, emita una rectificativa (o anúlela si se emitió por error)`,
    soloPagada: (num: string) => `De la factura ${num} solo se puede cambiar el estado de «emitida» a «pagada»`,
    crearEmitida: 'Una factura se crea como borrador y se emite con «Emitir»: no se puede crear ya emitida',
    cambiarEstadoBorrador: 'Un borrador pasa a emitida solo con «Emitir» (que le da número y registro VeriFactu)',
    serieRectificativas: (serie: string) => `La serie «${serie}» es la de las rectificativas: una factura ordinaria no puede ir en ella`,
    yaEmitida: (num: string) => `La factura ${num} ya está emitida`,
    noEmitida: 'La factura es un borrador: todavía no se ha emitido',
    noRectificable: (num: string, estado: string) => `La factura ${num} está ${estado}: solo se rectifica una factura emitida o pagada`,
    noAnulable: (estado: string) =>
      estado === 'borrador' ? 'Un borrador no se anula: se borra' : `La factura ya está ${estado}`,
    yaSustituida: (num: string, sustituta: string) => `La factura ${num} ya se sustituyó por la ${sustituta}, que es la que está en vigor: rectifique esa`,
    diferenciasNoSustituibles: (num: string) =>
      `La ${num} es una rectificativa por diferencias: no se sustituye. Para corregir los datos del cliente, rectifique por sustitución la factura que ella rectifica`,
    clienteSoloPorSustitucion: 'Los datos del cliente se corrigen con una rectificativa por sustitución («tipoRectificativa»: «S»), no por diferencias',
    yaACero: (num: string) => `La factura ${num} ya está a cero con sus rectificativas: no queda nada que anular`,
    baseSustitucionNegativa: 'En una rectificativa por sustitución, «base» es la base imponible de la factura corregida: no puede ser negativa',
    sustitucionSinCambios: (num: string) => `La rectificativa por sustitución no cambiaría nada de la factura ${num}: corrija algún dato del cliente o algún importe`,
    tieneRectificativas: (num: string) => `La factura ${num} tiene rectificativas emitidas: no se puede anular (rectifíquela de nuevo si hace falta)`,
    falta: (campo: string) => `Para emitir una factura completa hace falta «${campo}»`,
    nifNoValido: (nif: string) => `El NIF «${nif}» no es válido: revise su letra o dígito de control`,
    simplificadaMaxima: 'Sin NIF del cliente solo se puede emitir una factura simplificada de hasta 400,00 € (IVA incluido): añada el NIF, el nombre y la dirección del cliente',
    fechaAnterior: (fecha: string) => `La fecha de expedición no puede ser anterior a la última factura emitida de la serie (${fecha})`,
    fechaFutura: 'La fecha de expedición no puede ser posterior a hoy',
    operacionPosterior: (operacion: string, expedicion: string) =>
      `La fecha de operación (${operacion}) no puede ser posterior a la de expedición (${expedicion}): una factura se expide por una operación ya hecha`,
    operacionAntigua: (operacion: string) => `La fecha de operación (${operacion}) es de hace más de veinte años: la AEAT no la admite`,
    conceptoRectificacion: (num: string, descripcion: string) => `Rectificación de la factura ${num}: ${descripcion}`,
    /** What a refund's rectificativa tells the customer when the contable writes nothing for them. */
    devolucion: (importe: string) => `Devolución de ${importe} del importe pagado`,
    conceptoPago: (referencia: string | null) => (referencia ? `Servicios de formación (pago ${referencia})` : 'Servicios de formación'),
    verificacion: {
      encadenamiento: 'El registro no enlaza con la huella del registro anterior del emisor',
      huella: 'La huella guardada no es la que resulta de los datos del registro',
      factura: 'Los datos del registro ya no coinciden con los de su factura',
      identificador: 'El número de factura del registro no es una serie válida (letras mayúsculas, cifras o guiones) seguida de su número',
    },
  },
  /** The remission of the records to the AEAT. */
  verifactu: {
    resumen: {
      subsanar:
        'Subsana un registro que la AEAT rechazó o aceptó con errores: genera un registro nuevo de la misma factura, tal como está ahora, encadenado al final y con las marcas de la AEAT (Subsanacion, RechazoPrevio, SinRegistroPrevio). Si la AEAT rechazó los datos fiscales del cliente, admite clienteNif y clienteNombre corregidos',
      estado: 'Estado de la remisión a la AEAT: registros pendientes, el más antiguo, el último envío y el siguiente, y los que necesitan subsanarse',
      reintentar: 'Reintenta ya el envío: levanta el bloqueo tras un mensaje rechazado entero y la pausa tras un fallo',
      declaracion: 'La declaración responsable del sistema informático de facturación (Orden HAC/1177/2024, art. 15)',
    },
    noSubsanable: (estado: string) =>
      estado === 'pendiente'
        ? 'El registro aún no tiene respuesta de la AEAT: solo se subsana uno rechazado o aceptado con errores'
        : 'La AEAT aceptó el registro sin errores: no hay nada que subsanar',
    yaSubsanado: (num: string) => `Este registro ya se subsanó con otro posterior (${num}): subsane ese, si hace falta`,
    altaDeAnulada: (num: string) => `La factura ${num} está anulada: su registro de alta ya no se subsana (se subsanaría su anulación)`,
    clienteSinRechazo: (codigo: number | null) =>
      `La AEAT no rechazó los datos fiscales del cliente${codigo ? ` (su error es el ${codigo})` : ''}: el cliente de una factura emitida solo se corrige así`,
    clienteNoAdmitido: 'Este registro no identifica a ningún cliente (es una anulación, o una factura simplificada): no hay datos del cliente que corregir',
    nombreVacio: 'El nombre del cliente no puede quedar vacío',
    // Start-up and the sender's log (once per machine).
    enviado: (n: number, estado: string, csv?: string) => `VeriFactu: ${n} ${n === 1 ? 'registro remitido' : 'registros remitidos'} a la AEAT: ${estado}${csv ? ` (CSV ${csv})` : ''}`,
    fallo: (motivo: string, pausa: number) => `VeriFactu: el envío a la AEAT falló (${motivo}); los registros siguen pendientes y se reintenta en ${pausa} s`,
    rechazado: (texto: string) => `VeriFactu: la AEAT rechazó el mensaje entero: ${texto}. No se reenvía igual: corrija la causa y pulse «Reintentar» en Facturación › VeriFactu (o reinicie con la configuración corregida)`,
    entornoDistinto: (guardado: string, modo: string) =>
      `Esta base de datos ya remitió registros al entorno de ${guardado === 'produccion' ? 'producción' : 'pruebas'} de la AEAT y VERIFACTU=${modo}: los registros de una instalación van a un solo entorno. Vuelva a VERIFACTU=${guardado} o use una base de datos nueva`,
    remitente: (modo: string) => `VeriFactu: este proceso remite los registros a la AEAT (${modo})`,
    turnoPerdido: 'VeriFactu: otro proceso tomó la remisión; este no envía más ni aplica la respuesta que esperaba',
    relevo: (registros: number, segundos: number) =>
      `VeriFactu: ${registros} ${registros === 1 ? 'registro estaba' : 'registros estaban'} en un envío sin respuesta de otro remitente; se reenvían como incidencia dentro de ${segundos} s`,
    /** Why a message got no answer, as its envío records it and the admin shows it. */
    sinRespuesta: {
      tiempo: (segundos: number) => `la AEAT no respondió en ${segundos} s`,
      demasiadoGrande: 'la respuesta es demasiado grande',
      noEsXml: (detalle: string) => `la respuesta no es XML (${detalle})`,
      noEsRespuesta: 'la respuesta no es una RespuestaRegFactuSistemaFacturacion',
      sinRaiz: 'el documento no tiene un elemento raíz',
      demasiadoProfunda: (niveles: number) => `la respuesta anida más de ${niveles} elementos`,
      noLeida: (detalle: string) => `la respuesta no se pudo leer (${detalle})`,
      noGuardada: (detalle: string) => `la respuesta no se pudo guardar (${detalle})`,
      sinDesenlace: 'no se pudo guardar lo que respondió la AEAT, ni que no respondiera',
      interrumpido: 'El remitente que enviaba terminó, o perdió su turno, antes de recibir la respuesta',
    },
    /** The declaración responsable (Orden HAC/1177/2024, art. 15.1): its title and, by letter, what describes each item. */
    declaracion: {
      titulo: 'DECLARACIÓN RESPONSABLE DEL SISTEMA INFORMÁTICO DE FACTURACIÓN',
      apartados: {
        a: 'Nombre del sistema informático',
        b: 'Código identificador del sistema informático',
        c: 'Identificador completo de la versión del sistema informático',
        d: 'Componentes, hardware y software, del sistema informático, y descripción de lo que hace y de sus principales funcionalidades',
        e: 'Indicación de si el sistema informático solo puede funcionar exclusivamente como «VERI*FACTU»',
        f: 'Indicación de si el sistema informático permite ser usado por varios obligados tributarios o por un mismo usuario para dar soporte a la facturación de varios obligados tributarios',
        g: 'Tipos de firma utilizados para firmar los registros de facturación y de evento en caso de que el sistema informático no sea utilizado como «VERI*FACTU»',
        h: 'Nombre y apellidos o razón social de la persona o entidad productora del sistema informático',
        i: 'Número de identificación fiscal (NIF) español de la persona o entidad productora del sistema informático',
        j: 'Dirección postal completa de contacto de la persona o entidad productora del sistema informático',
        k: 'Declaración de cumplimiento',
        l: 'Fecha y lugar en que la persona o entidad productora suscribe esta declaración responsable',
      },
      componentes:
        'Software, sin hardware propio (se ejecuta en los servidores de quien lo usa): un servidor de API en Node.js (Fastify y Knex) sobre una base de datos ' +
        'SQLite o PostgreSQL, y una aplicación web de administración (React). Es el back-office de un negocio de formación en línea: clases, cursos, alumnos, ' +
        'pagos e informes, y su facturación: expide facturas completas, simplificadas y rectificativas numeradas sin huecos, con su PDF y su código QR ' +
        'tributario; genera y encadena con su huella cada registro de facturación de alta y de anulación, y los remite a la sede electrónica de la AEAT en ' +
        'cuanto se generan, con el control de flujo, los reintentos y las subsanaciones que la AEAT establece.',
      soloVerifactu: 'Sí: solo puede funcionar como «VERI*FACTU»',
      unObligado: 'No: da soporte a la facturación de un solo obligado tributario',
      sinFirma: 'Ninguno: el sistema solo funciona como «VERI*FACTU», cuyos registros no se firman ni llevan registro de eventos (Orden HAC/1177/2024, artículo 3)',
      cumplimiento:
        'La persona o entidad productora hace constar que este sistema informático, en la versión indicada, cumple con lo dispuesto en el artículo 29.2.j) ' +
        'de la Ley 58/2003, de 17 de diciembre, General Tributaria, en el Reglamento que establece los requisitos que deben adoptar los sistemas y programas ' +
        'informáticos o electrónicos que soporten los procesos de facturación de empresarios y profesionales, y la estandarización de formatos de los ' +
        'registros de facturación, aprobado por el Real Decreto 1007/2023, de 5 de diciembre, en la Orden HAC/1177/2024, de 17 de octubre, y en la sede ' +
        'electrónica de la Agencia Estatal de Administración Tributaria para todo aquello que complete las especificaciones de dicha orden.',
    },
  },
  pagos: {
    estadoInicial: 'Un pago se crea pendiente o completado (un cobro que ya ha ocurrido); fallido y reembolsado se alcanzan después',
    transicion: (de: string, a: string) =>
      `Un pago ${de} no puede pasar a ${a}: se admite pendiente → completado o fallido; un pago completado se reembolsa con la acción «Reembolsar»`,
    reembolsoPorAccion: (id: number) =>
      `Un pago no se reembolsa cambiando su estado: use la acción «Reembolsar» (POST /pagos/${id}/reembolsar), que pide el importe y el motivo y emite la rectificativa de su factura`,
    noReembolsable: (estado: string) => `Solo se reembolsa un pago completado (este está ${estado})`,
    reembolsoNoPositivo: 'El importe a reembolsar debe ser mayor que cero',
    reembolsoExcesivo: (queda: string, importe: string) => `Como mucho se pueden reembolsar ${queda}: es lo que queda por devolver de este pago de ${importe}`,
    motivoVacio: 'Indique el motivo del reembolso',
    descripcionVacia: 'El texto para el cliente no puede quedar en blanco: escríbalo, o quite el campo para que la rectificativa diga solo el importe devuelto',
    /** Why a pago that money or an invoice went through is never deleted, and how it is corrected. */
    noBorrable: (pago: string, estado: string, factura: string | null) =>
      `El pago ${pago} está ${estado}${factura ? ` y tiene la factura ${factura}` : ''}: es un registro contable y no se borra. ` +
      `Si es un error, se corrige con un reembolso${factura ? ` o con una rectificativa de su factura` : ''}`,
    resumenReembolsar:
      'Reembolsa un pago completado, en todo o en parte: registra el reembolso (importe y motivo) y, si el pago tiene factura emitida, emite su rectificativa por ese importe. ' +
      'El pago pasa a reembolsado cuando no queda nada por devolver',
    importeFijo: (estado: string) => `El importe de un pago ${estado} no se puede cambiar: el dinero ya se ha movido`,
    noFacturable: (estado: string) => `Solo se factura un pago completado (este está ${estado})`,
    yaFacturado: (num: string) => `El pago ya tiene la factura ${num}`,
  },
  salud: {
    bdNoDisponible: 'La base de datos no responde',
  },
  /** Faults of the disk or the object store the files (and SQLite) live on: the request may work later. */
  almacen: {
    lleno: 'No queda espacio en el almacenamiento del servidor: no se ha guardado nada. Avise a quien lo administra',
    soloLectura: 'El almacenamiento del servidor no admite escrituras ahora mismo: no se ha guardado nada. Vuelva a intentarlo en unos minutos',
    noDisponible: 'El almacenamiento de archivos no responde: no se ha guardado nada. Vuelva a intentarlo en unos segundos',
  },
  exportar: {
    includeNoAdmitido: 'La exportación no admite «include»: las referencias ya salen con su nombre',
    ocupado: (max: number) => `Ya hay ${max} exportaciones en curso: vuelva a intentarlo cuando termine alguna`,
    si: 'Sí',
    no: 'No',
  },
  informes: {
    parametroDesconocido: (nombre: string) => `Parámetro desconocido: «${nombre}»`,
    fechaInvalida: (param: string, valor: string) =>
      `El parámetro «${param}» debe ser una fecha AAAA-MM-DD o una fecha y hora ISO 8601 (recibido «${valor}»)`,
    rangoInvertido: (desde: string, hasta: string) => `«desde» (${desde}) no puede ser posterior a «hasta» (${hasta})`,
    agrupacionInvalida: (valor: string) => `El parámetro «agrupacion» debe ser dia, semana o mes (recibido «${valor}»)`,
    demasiadosIntervalos: (n: number, max: number) =>
      `El periodo elegido da ${n} intervalos y el máximo es ${max}: acorte el periodo o agrupe por semana o por mes`,
    diasInvalido: (valor: string, max: number) => `El parámetro «dias» debe ser un número entero entre 0 y ${max} (recibido «${valor}»)`,
    /** Each report's title and what it answers (in the admin's cards and in /openapi.json). */
    catalogo: {
      resumen: {
        titulo: 'Resumen',
        descripcion: 'Cifras clave del periodo y del anterior: tantos meses enteros antes si el periodo son meses enteros, si no tantos días',
      },
      ingresos: { titulo: 'Ingresos', descripcion: 'Ingresos por día, semana o mes, sin huecos' },
      usuariosNuevos: { titulo: 'Usuarios nuevos', descripcion: 'Usuarios nuevos por intervalo y cuántos de ellos compraron' },
      pagosPorMetodo: { titulo: 'Pagos por método', descripcion: 'Número e importe de pagos por método' },
      pagosPorEstado: { titulo: 'Pagos por estado', descripcion: 'Número e importe de pagos por estado' },
      ventasPorCurso: { titulo: 'Ventas por curso', descripcion: 'Ventas, ingresos, ticket medio y reembolsos por curso' },
      pendientes: { titulo: 'Dinero pendiente', descripcion: 'Dinero atascado: pagos pendientes, pagos sin factura y facturas sin pago' },
    },
    /**
     * Column labels and row labels, as the administrator reads them on screen and in a
     * spreadsheet (where money and percentages add their unit: informes/csv.ts).
     */
    columnas: {
      indicador: 'Indicador',
      periodoActual: (desde: string, hasta: string) => `Periodo ${desde} a ${hasta}`,
      periodoAnterior: (desde: string, hasta: string) => `Periodo anterior ${desde} a ${hasta}`,
      ingresosNetos: 'Ingresos netos',
      ingresos: 'Ingresos brutos',
      pagos: 'Pagos',
      pagosCobrados: 'Pagos cobrados',
      ticketMedio: 'Ticket medio',
      reembolsos: 'Reembolsos',
      importeReembolsado: 'Importe reembolsado',
      usuariosNuevos: 'Usuarios nuevos',
      compradores: 'De ellos, con compra',
      cursosVendidos: 'Cursos vendidos',
      intervalo: 'Intervalo',
      cursoId: 'Id del curso',
      curso: 'Curso',
      sinCurso: '(sin curso)',
      ventas: 'Ventas',
      metodo: 'Método',
      estado: 'Estado',
      importe: 'Importe',
      completados: 'Completados',
      importeCompletado: 'Importe completado',
      tipo: 'Tipo',
      id: 'Id',
      fecha: 'Fecha',
      usuario: 'Usuario',
      concepto: 'Concepto',
      pagoPendiente: 'Pago pendiente',
      pagoSinFactura: 'Pago completado sin factura',
      facturaSinPago: 'Factura emitida sin pago',
    },
  },
  /** What ffprobe/ffmpeg could not do with a file: stored in the archivo's `error`, shown in the admin. */
  medios: {
    sinFfmpeg: (programas: string) =>
      `No se encuentra ${programas}: las subidas funcionan, pero la duración y la miniatura de los vídeos quedarán vacías. ` +
      'Instálelo con «apt-get install ffmpeg» (paquete ffmpeg de Debian) o indique su ruta en FFMPEG_PATH y FFPROBE_PATH.',
    sinPrlimit: (programa: string) =>
      `No se encuentra «${programa}» (del paquete util-linux): sin él, ffmpeg no se ejecuta con límites de memoria y tiempo, ` +
      'así que no se analiza ningún archivo; las subidas funcionan, pero la duración y la miniatura de los vídeos quedarán vacías.',
    noDisponible: 'No se ha podido analizar el archivo: ffmpeg no está instalado en el servidor',
    danado: 'El archivo está dañado o no es un vídeo ni una imagen que se pueda leer',
    sinVideo: 'El archivo no contiene ninguna pista de vídeo',
    sinImagen: 'El archivo no contiene ninguna imagen',
    tiempoAgotado: (segundos: number) => `El análisis del archivo tardó más de ${segundos} s y se ha cancelado`,
    salidaExcesiva: 'El análisis del archivo produjo una respuesta demasiado grande y se ha cancelado',
    sinRecursos: 'El análisis del archivo necesitaba más memoria o más tiempo de proceso de los permitidos y se ha cancelado',
    dimensiones: (ancho: number, alto: number) => `El archivo declara unas dimensiones desmesuradas (${ancho}×${alto} píxeles): no se procesa`,
    tipoSinLector: (tipo: string) => `No se analiza un archivo de tipo «${tipo}»: solo vídeos MP4, MOV y WebM e imágenes JPEG, PNG y WebP`,
    sinMiniatura: 'No se ha podido sacar un fotograma del vídeo para la miniatura',
    nombreMiniatura: (video: string) => (video ? `Miniatura de ${video}` : 'Miniatura').slice(0, 255),
  },
  /** `npm run storage:check`: what storage and the database disagree on (a «fichero» is in storage, an «archivo» is its row). */
  comprobacion: {
    huerfanos: (n: number) => `${cuenta(n, 'fichero huérfano', 'ficheros huérfanos')} en el almacenamiento (sin ningún archivo que ${n === 1 ? 'lo' : 'los'} nombre):`,
    perdidos: (n: number) => `${cuenta(n, 'archivo listo', 'archivos listos')} sin su fichero en el almacenamiento:`,
    perdido: (id: number, ruta: string) => `archivo ${id}: ${ruta}`,
    rotas: (n: number) => `${cuenta(n, 'registro apunta', 'registros apuntan')} a una ruta sin archivo:`,
    rota: (e: Etiquetas, id: number, campo: string, ruta: string) => `${e.singular} ${id}, ${campo}: ${ruta}`,
    yMas: (n: number) => `… y ${n} más`,
    subidasHuerfanas: (n: number) =>
      `${cuenta(n, 'subida abandonada', 'subidas abandonadas')} en el almacenamiento (su archivo se borró o ya no ${n === 1 ? 'la' : 'las'} espera):`,
    borrados: (n: number) => `${n === 1 ? 'Borrado' : 'Borrados'} ${cuenta(n, 'fichero huérfano', 'ficheros huérfanos')}.`,
    subidasBorradas: (n: number) => `${n === 1 ? 'Borrada' : 'Borradas'} ${cuenta(n, 'subida abandonada', 'subidas abandonadas')}.`,
    arreglar: 'Para borrar los ficheros huérfanos y las subidas abandonadas (solo esos): npm run storage:check -- --fix',
    enOrden: (n: number) => `Todo en orden: ${cuenta(n, 'fichero', 'ficheros')} en el almacenamiento, cada uno con su archivo, y ninguna ruta sin archivo.`,
  },
  historial: {
    /** Said of a secret in a record's history, instead of its value. */
    cambiada: 'cambiada',
    /** 412: the record changed since the version the client read. */
    versionCambiada: (e: Etiquetas, version: number) =>
      `${mayuscula(conArticulo(e))} ha cambiado desde que ${e.genero === 'f' ? 'la' : 'lo'} leyó (ahora va por la versión ${version}): revise los cambios y guarde de nuevo`,
    ifMatchInvalido: 'Cabecera If-Match no válida: se esperaba la versión entre comillas, por ejemplo "3"',
    /** 400: a precondition on a write whose route cannot evaluate it; nothing was written. */
    precondicionNoEvaluada: (cabecera: string) =>
      cabecera === 'If-Match'
        ? 'Esta escritura no admite If-Match: solo la comprueban el cambio, el reemplazo y el borrado de un registro y sus acciones. Nada se ha escrito. En un cambio masivo, ponga la versión de cada registro en el where, por ejemplo {"or":[{"id":1,"version":3}]}, y el «count» de la respuesta dice cuántos se aplicaron'
        : `Esta API no comprueba la cabecera ${cabecera}: nada se ha escrito. Para escribir sobre la versión leída, use If-Match en el registro`,
    noRestaurable: (e: Etiquetas) => `${mayuscula(pluralConArticulo(e))} guardan su historial, pero no se restauran: se corrigen con sus propias operaciones`,
    versionDesconocida: (version: number) => `No hay en el historial una versión ${version} de este registro`,
    sinVersionAnterior: 'El historial de este registro no guarda los valores de esa versión (se purgaron o son anteriores al historial)',
    restaurarUno: 'Indique qué versión restaurar: «version» o «logId», uno de los dos',
    secretoNoRestaurable: 'Las contraseñas y secretos no se restauran desde el historial',
  },
  trabajos: {
    /** The reasons a run ended without its own error, as the job's row keeps them and the admin shows them. */
    arriendoPerdido: 'Otro proceso tomó este trabajo (el arriendo de este había caducado): lo que hacía no se guardó',
    interrumpido: 'El proceso que lo ejecutaba dejó de responder (se detuvo o perdió la base de datos) antes de terminar',
    limite: (ms: number) => `Superó su tiempo máximo (${(ms / 1000).toLocaleString('es-ES')} s) y se interrumpió`,
    parada: 'La aplicación se detuvo mientras se ejecutaba',
    sinMotivo: 'Falló sin decir por qué',
    tipoDesconocido: (tipo: string) => `Esta versión de la aplicación no conoce los trabajos «${tipo}»`,
    noEncontrado: 'No existe ese trabajo (quizá se limpió por antiguo)',
    noFallido: (estado: string) => `Solo se reintenta un trabajo fallido; este está ${estado}`,
    yaHayOtro: 'Ya hay otro trabajo igual esperando o en marcha: no hace falta reintentar este',
    resumen: {
      lista: 'Los trabajos en segundo plano por tipo: su estado, la última ejecución y su resultado, la próxima, cuántos esperan y los fallos recientes con su motivo',
      reintentar: 'Vuelve a poner en cola, para ya, un trabajo fallido; sus intentos empiezan de cero',
    },
    // The kinds' labels, as the page names them.
    etiqueta: {
      procesadoArchivos: 'Procesado de archivos subidos',
      barridoSubidas: 'Limpieza de subidas abandonadas',
      purgaHistorial: 'Purga de los valores antiguos del historial',
      limpiezaTrabajos: 'Limpieza de trabajos terminados',
      remisionVerifactu: 'Remisión de registros VeriFactu a la AEAT',
    },
  },
  actividad: {
    demasiadas: (max: number, minutos: number) =>
      `Su cuenta ya ha escrito ${max} entradas en el registro de actividad en ${minutos === 60 ? 'la última hora' : minutos === 1 ? 'el último minuto' : `los últimos ${minutos} minutos`}: espere un poco antes de escribir otra.`,
  },
  eventos: {
    demasiados: (max: number) => `Su cuenta ya tiene ${max} pestañas o ventanas recibiendo cambios en vivo: cierre alguna y vuelva a intentarlo.`,
    servidorLleno: 'El servidor no admite ahora más pestañas recibiendo cambios en vivo: se volverá a intentar en unos segundos.',
  },
};

