// A record's history and a save's conflict (common/versiones, docs/arquitectura.md §17).
export const historial = {
  titulo: 'Historial',
  vacio: 'Este registro todavía no tiene historial.',
  alguien: 'alguien',
  /** Who wrote a change no account made: a background job, the start-up. */
  automatico: 'Aula, automáticamente',
  /** Who wrote a change through an API token (the shop). */
  token: '%{nombre} (token)',
  quienDesde: '%{quien}, desde %{ip}',
  version: 'versión %{version}',
  cambiada: 'cambiada',
  purgado: 'Los valores de este cambio ya no se guardan (antigüedad del historial).',
  accion: {
    crear: 'Alta',
    modificar: 'Modificación',
    borrar: 'Borrado',
    restaurar: 'Restauración',
    emitir: 'Emisión',
    anular: 'Anulación',
    rectificar: 'Rectificación',
    reembolsar: 'Reembolso',
    facturar: 'Facturación',
    reordenarClases: 'Orden de las clases',
    subsanar: 'Subsanación',
    restablecer: 'Contraseña restablecida',
    quitarSegundoFactor: 'Verificación en dos pasos quitada',
    // What the server writes on its own or for an account (api/src/auth, media, the jobs).
    entrar: 'Inicio de sesión',
    cambiarContrasena: 'Contraseña cambiada por la propia cuenta',
    primerAdministrador: 'Primer administrador, creado al arrancar',
    crearAdministrador: 'Administrador creado desde el servidor',
    recuperarAdministrador: 'Administrador recuperado desde el servidor',
    completarSubida: 'Subida completada',
    cancelarSubida: 'Subida cancelada',
    descartarSubida: 'Subida rechazada por su tipo',
    procesadoArchivos: 'Archivo procesado',
    soltar: 'Borrado al quedar sin uso',
    barridoSubidas: 'Subida abandonada, retirada',
    encadenar: 'Registro VeriFactu de una factura anterior, al arrancar',
    pasarela: 'Aviso de la pasarela de pago',
    reprocesar: 'Aviso de pago procesado de nuevo',
    revocar: 'Revocación',
    // A matrícula's (api/src/resources/matriculas): its end changed, revoked by a refund, past its end, its pago disputed.
    ampliar: 'Cambio del fin del acceso',
    revocarPorReembolso: 'Revocación por reembolso',
    caducar: 'Caducidad',
    disputa: 'Pago en disputa',
    // The remission's writes: named after its job kind, and before it ran on the runner, `remitir`.
    remisionVerifactu: 'Remisión a la AEAT',
    remitir: 'Remisión a la AEAT',
  },
  restaurar: 'Restaurar esta versión',
  restaurarTitulo: '¿Restaurar la versión %{version}?',
  restaurarPregunta:
    'El registro vuelve a los valores que tenía tras el cambio del %{fecha}. Es un cambio más: queda en el historial y se puede deshacer restaurando otra versión.',
  restaurada: 'Restaurada la versión %{version}',
  /** An action (emitir, reembolsar…) refused with 412: nothing was done, and the page is read again. */
  accionCambiada: {
    quienCuando:
      '%{quien} cambió este registro el %{cuando}, mientras lo tenías abierto: no se ha hecho nada. La página muestra ahora cómo está; revísalo y vuelve a intentarlo.',
    cuando:
      'Otra persona cambió este registro el %{cuando}, mientras lo tenías abierto: no se ha hecho nada. La página muestra ahora cómo está; revísalo y vuelve a intentarlo.',
    otro: 'Otra persona cambió este registro mientras lo tenías abierto: no se ha hecho nada. La página muestra ahora cómo está; revísalo y vuelve a intentarlo.',
  },
  conflicto: {
    titulo: 'Alguien guardó este registro mientras lo editabas',
    quienCuando: '%{quien} lo guardó el %{cuando}. Elige qué conservar de cada campo; lo que escribiste no se pierde.',
    otro: 'Otra persona lo guardó mientras tanto. Elige qué conservar de cada campo; lo que escribiste no se pierde.',
    sinDiferencias: 'Los campos que editas tienen los mismos valores en las dos versiones.',
    suyo: 'Lo suyo (guardado)',
    mio: 'Lo mío (este formulario)',
    quedarmeSuyo: 'Quedarme con lo suyo',
    quedarmeMio: 'Quedarme con lo mío',
    guardarEleccion: 'Guardar mi elección',
  },
};
