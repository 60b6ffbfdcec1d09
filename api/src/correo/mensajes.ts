// The texts of email: the outbox's rows and answers, and its jobs.
// A page of the catalogue (api/src/mensajes.ts lists every page): code reads it through the index.

export const mensajesCorreo = {
  correo: {
    direccionNoValida: 'Escribe una sola dirección de correo válida (sin nombre, sin comas ni saltos de línea)',
    sinDireccion: (quien: string) => `${quien} no tiene dirección de correo`,
    soloServidor: 'Un correo no se escribe a mano: lo crea la aplicación al emitir una factura, dar una matrícula o invitar a una cuenta, y lo envía una tarea en segundo plano',
    noReintentable: (estado: string) => `Solo se reintenta un correo fallido o descartado; este está ${estado}`,
    noDescartable: (estado: string) => `Solo se descarta un correo pendiente o fallido; este está ${estado}`,
    sinServidor: 'No hay servidor de correo configurado (SMTP_URL): los mensajes esperan en la bandeja de salida, tal como saldrían, y se enviarán cuando lo haya',
    caducado: 'No se pudo entregar en dos días: se deja de intentar',
    conexion: (motivo: string) => `No se pudo hablar con el servidor de correo: ${motivo}`,
    facturaNoEmitida: 'Solo se envía una factura emitida: un borrador aún no es una factura',
    resumen: {
      enviar: 'Envía la factura emitida por correo, con su PDF, a su cliente o a otra dirección (queda en el registro de actividad). Se encola: la entrega la hace una tarea en segundo plano',
      reintentar: 'Vuelve a poner en cola un correo fallido o descartado, con sus intentos desde cero',
      descartar: 'Deja de intentar enviar un correo pendiente o fallido',
      ajustes: 'Si hay servidor de correo configurado, el remitente y, por tipo de mensaje, las variables que admite su plantilla',
      vista: 'Cómo queda una plantilla con datos de ejemplo, sin guardarla',
      original: 'Vuelve a poner el texto original de la plantilla (el cambio queda en su historial)',
    },
    plantillaNueva: 'Las plantillas son una por mensaje y ya existen todas: edita la que quieras cambiar',
    plantillaNoBorrable: 'Una plantilla no se borra: cada mensaje necesita la suya. Para volver al texto original, usa «Restablecer el original»',
    plantillaIlegible: (motivo: string) => `No se entiende la plantilla: ${motivo}`,
    etiquetaSinCerrar: 'falta cerrar una etiqueta «}}»',
    soloVariables: (etiqueta: string) => `Solo se admiten variables como {{cliente}}: quita «${etiqueta}»`,
    variableAjena: (nombre: string, permitidas: string[]) => `{{${nombre}}} no es una variable de esta plantilla. Puedes usar: ${permitidas.join(', ')}`,
    enlacePendiente: '[enlace de un solo uso: se crea al enviar el mensaje]',
    accesoHasta: (dia: string) => `hasta el ${dia}`,
    accesoSinFin: 'sin fecha de fin',
    encolados: (n: number) => `${n} correos que esperaban servidor de correo, puestos en cola para enviarse`,
    etiquetaEnvio: 'Envío de correos',
    etiquetaBarrido: 'Cola de correos pendientes',
    etiquetaAvisoVerifactu: 'Aviso de VeriFactu a los administradores',
  },
};
