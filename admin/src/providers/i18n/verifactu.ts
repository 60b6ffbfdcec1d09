// The texts of the remission to the AEAT: the banner, the «VeriFactu» page, each
// invoice's state and its records, and the declaración responsable. Merged under `aula.verifactu`.
export const verifactu = {
  titulo: 'VeriFactu',
  abrir: 'VeriFactu',
  /** An invoice's state at the AEAT, as a chip. */
  estadoFactura: {
    pendiente: 'AEAT: pendiente',
    remitida: 'AEAT: remitida',
    conErrores: 'AEAT: con errores',
    rechazada: 'AEAT: rechazada',
    noRemitida: 'No se remite',
  },
  csv: 'CSV de la AEAT: %{csv}',
  sinCsv: 'Registrado por la AEAT en un envío cuya respuesta se perdió (sin CSV)',
  error: 'Error %{codigo}: %{texto}',
  intentos: '%{smart_count} intento |||| %{smart_count} intentos',
  subsanado: 'Corregido por un registro posterior',
  correccion: {
    subsanacion: 'Subsanación',
    rechazoPrevio: 'Tras un rechazo',
    sinRegistroPrevio: 'Sin registro previo en la AEAT',
  },
  aviso: {
    desactivada:
      'La remisión a la AEAT está desactivada (VERIFACTU=desactivado): las facturas no se están remitiendo. Un sistema de facturación debe remitir cada registro desde 2027.',
    bloqueo: 'La AEAT rechazó el último envío entero: %{texto}. Hay %{smart_count} registro sin remitir. |||| La AEAT rechazó el último envío entero: %{texto}. Hay %{smart_count} registros sin remitir.',
    retrasados:
      '%{smart_count} registro de facturación lleva más de una hora sin llegar a la AEAT (%{pendientes} pendientes en total). |||| %{smart_count} registros de facturación llevan más de una hora sin llegar a la AEAT (%{pendientes} pendientes en total).',
    rechazados: 'La AEAT rechazó %{smart_count} registro: hay que subsanarlo. |||| La AEAT rechazó %{smart_count} registros: hay que subsanarlos.',
    ver: 'Ver VeriFactu',
  },
  pagina: {
    remision: 'Remisión a la AEAT',
    estado: 'Estado',
    modo: {
      produccion: 'Activa: los registros van a la AEAT (entorno de producción)',
      pruebas: 'Activa: los registros van al entorno de pruebas de la AEAT',
      desactivado: 'Desactivada (VERIFACTU=desactivado): los registros se guardan, pero no se remiten',
    },
    certificado: 'Certificado',
    certificadoDe: '%{titular}, válido hasta el %{caduca}',
    pendientes: 'Registros pendientes de envío',
    masAntiguo: 'El pendiente más antiguo',
    haceMinutos: 'hace %{smart_count} minuto |||| hace %{smart_count} minutos',
    haceHoras: 'hace %{horas} h y %{minutos} min',
    ninguno: 'Ninguno',
    ultimoEnvio: 'Último envío',
    sinEnvios: 'Aún no se ha enviado nada',
    envio: '%{fecha}: %{smart_count} registro, %{estado} |||| %{fecha}: %{smart_count} registros, %{estado}',
    estadoEnvio: {
      enviando: 'enviándose',
      respondido: 'respondido',
      fallido: 'sin respuesta (se reintenta)',
      rechazado: 'rechazado entero por la AEAT',
      interrumpido: 'interrumpido (se reenvió)',
    },
    estadoAeat: {
      Correcto: 'todos correctos',
      ParcialmenteCorrecto: 'parcialmente correcto',
      Incorrecto: 'todos rechazados',
    },
    siguienteEnvio: 'Siguiente envío',
    sinSiguiente: 'Cuando haya registros pendientes',
    bloqueado: 'Detenido hasta que se corrija la causa y se pulse «Reintentar»',
    espera: 'Espera entre envíos que pide la AEAT',
    segundos: '%{smart_count} segundo |||| %{smart_count} segundos',
    fallos: 'Envíos fallidos seguidos',
    bloqueo: 'La AEAT rechazó el último mensaje entero',
    reintentar: 'Reintentar',
    reintentado: 'Se reintentará el envío en unos segundos',
    porSubsanar: 'Registros que hay que subsanar',
    porSubsanarAyuda:
      'La AEAT los rechazó o los aceptó con errores. Un registro no se modifica nunca: «Subsanar» genera uno nuevo de la misma factura, tal como está ahora, encadenado al final, y lo remite.',
    nadaPorSubsanar: 'Ningún registro necesita subsanarse',
    declaracion: 'Declaración responsable del sistema',
  },
  subsanar: {
    boton: 'Subsanar',
    titulo: 'Subsanar el registro de %{factura}',
    explicacion:
      'Se genera un registro nuevo de la factura, con sus datos actuales, encadenado al final de la cadena, y se remite a la AEAT. El registro rechazado no cambia.',
    cliente:
      'La AEAT rechazó los datos fiscales del cliente. Puedes corregirlos aquí: es el único cambio que admite una factura emitida, y queda registrado en la actividad.',
    clienteNif: 'NIF del cliente',
    clienteNombre: 'Nombre del cliente',
    hecho: 'Registro subsanado: se remitirá a la AEAT',
  },
  declaracion: {
    imprimir: 'Imprimir',
    volver: 'Ir al admin',
    remisionDesactivada:
      'En esta instalación la remisión a la AEAT está desactivada (VERIFACTU=desactivado): sus facturas no se remiten ni son verificables mientras siga así.',
    sinIndicar: 'Sin indicar (configura %{variable})',
    cargando: 'Cargando la declaración…',
    error: 'No se pudo cargar la declaración responsable: %{error}',
  },
};
