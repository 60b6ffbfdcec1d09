// The texts of email (docs/arquitectura.md §25): the «Correo» outbox and a message's page, its
// «Reintentar» and «Descartar», the «Plantillas de correo» editor with its live preview, a
// factura's «Enviar por email», and the «Correos» block on the pages a message concerns.
// Merged under `aula.correo`.
export const correo = {
  sinServidor:
    'No hay servidor de correo configurado (SMTP_URL): los mensajes esperan en la bandeja de salida, tal como saldrían, y se enviarán cuando lo haya.',
  sobre: 'Sobre',
  nada: 'Nada en concreto',
  html: 'El mensaje, como lo verá quien lo recibe',
  htmlMarco: 'Mensaje «%{asunto}» en HTML',
  texto: 'El mensaje en texto plano',
  motivo: 'Por qué falló',
  conFactura: 'Lleva la factura en PDF adjunta',
  reintentar: 'Reintentar',
  reintentarTitulo: '¿Volver a enviar este mensaje?',
  reintentarPregunta: 'Vuelve a la cola de salida con los intentos a cero: se enviará a %{para} en cuanto el servidor de correo lo acepte.',
  reintentado: 'Mensaje en cola otra vez',
  descartar: 'Descartar',
  descartarTitulo: '¿Descartar este mensaje?',
  descartarPregunta: 'No se enviará a %{para}. Si cambias de idea, «Reintentar» lo vuelve a poner en la cola.',
  descartado: 'Mensaje descartado: no se enviará',
  // The «Correos» block on a factura, a pago, a matrícula or a usuario.
  correos: 'Correos',
  vacio: 'Aún no se ha enviado ningún correo sobre esto',
  ver: 'Ver el correo',
  // A factura's «Enviar por email».
  enviar: 'Enviar por email',
  reenviar: 'Reenviar por email',
  enviarTitulo: 'Enviar la factura %{factura} por email',
  enviarAyuda: 'Se envía con la factura en PDF adjunta a %{para}. Si quieres mandarla a otra dirección, escríbela aquí.',
  clienteDeLaFactura: 'su cliente',
  otraDireccion: 'Otra dirección',
  otraDireccionAyuda: 'Déjala vacía para enviarla a la dirección de su cliente',
  enviada: 'Factura puesta en cola para enviarse a %{para}',
  // «Plantillas de correo».
  tituloPlantilla: 'Plantilla «%{plantilla}»',
  vista: 'Vista previa',
  vistaAsunto: 'Asunto',
  vistaAyuda: 'Con datos de ejemplo, tal como saldría. Se actualiza mientras escribes.',
  vistaCargando: 'Preparando la vista previa…',
  vistaConErrores: 'Corrige los campos señalados para ver la vista previa.',
  vistaFallo: 'No se ha podido preparar la vista previa: %{motivo}',
  vistaTexto: 'Texto plano',
  variables: 'Variables que puedes usar',
  variablesAyuda: 'Escríbelas tal cual, con las dos llaves; al enviar se cambian por su valor.',
  original: 'Restablecer el original',
  originalTitulo: '¿Restablecer la plantilla original?',
  originalPregunta:
    'El asunto y los dos cuerpos de «%{plantilla}» vuelven a ser los que trae Aula. Lo que tenías queda en el historial y puedes restaurarlo desde allí.',
  restablecida: 'Plantilla restablecida',
};
