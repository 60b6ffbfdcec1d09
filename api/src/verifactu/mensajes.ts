// The texts of the remission of the records to the AEAT and of the declaración responsable.
// A page of the catalogue (api/src/mensajes.ts lists every page): code reads it through the index.

export const mensajesVerifactu = {
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
    yaSubsanado: (num: string) => `Este registro ya se subsanó con otro posterior (${num}): subsana ese, si hace falta`,
    altaDeAnulada: (num: string) => `La factura ${num} está anulada: su registro de alta ya no se subsana (se subsanaría su anulación)`,
    clienteSinRechazo: (codigo: number | null) =>
      `La AEAT no rechazó los datos fiscales del cliente${codigo ? ` (su error es el ${codigo})` : ''}: el cliente de una factura emitida solo se corrige así`,
    clienteNoAdmitido: 'Este registro no identifica a ningún cliente (es una anulación, o una factura simplificada): no hay datos del cliente que corregir',
    nombreVacio: 'El nombre del cliente no puede quedar vacío',
    // Start-up and the sender's log (once per machine).
    enviado: (n: number, estado: string, csv?: string) => `VeriFactu: ${n} ${n === 1 ? 'registro remitido' : 'registros remitidos'} a la AEAT: ${estado}${csv ? ` (CSV ${csv})` : ''}`,
    fallo: (motivo: string, pausa: number) => `VeriFactu: el envío a la AEAT falló (${motivo}); los registros siguen pendientes y se reintenta en ${pausa} s`,
    rechazado: (texto: string) => `VeriFactu: la AEAT rechazó el mensaje entero: ${texto}. No se reenvía igual: corrige la causa y pulsa «Reintentar» en Facturación › VeriFactu (o reinicia con la configuración corregida)`,
    entornoDistinto: (guardado: string, modo: string) =>
      `Esta base de datos ya remitió registros al entorno de ${guardado === 'produccion' ? 'producción' : 'pruebas'} de la AEAT y VERIFACTU=${modo}: los registros de una instalación van a un solo entorno. Vuelve a VERIFACTU=${guardado} o usa una base de datos nueva`,
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
};
