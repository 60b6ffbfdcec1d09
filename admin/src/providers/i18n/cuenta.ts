// Texts of Mi cuenta and of the «Elige una contraseña nueva» step (cuenta/), read as
// `aula.cuenta.*` (merged by es.ts) and imported directly by the step, drawn before react-admin.

export const cuenta = {
  titulo: 'Mi cuenta',
  contrasena: {
    titulo: 'Contraseña',
    actual: 'Contraseña actual',
    nueva: 'Contraseña nueva',
    repetir: 'Repite la contraseña nueva',
    noCoinciden: 'Las dos contraseñas nuevas no coinciden',
    obligatoria: 'Obligatorio',
    guardar: 'Cambiar la contraseña',
    cambiada: 'Contraseña cambiada. Las demás sesiones de tu cuenta se han cerrado.',
    ayuda: 'Al menos 12 caracteres; no uses tu nombre de usuario ni una contraseña habitual.',
    fallo: 'No se pudo cambiar la contraseña',
  },
  elegir: {
    titulo: 'Elige una contraseña nueva',
    explicacion: 'Un administrador ha restablecido tu contraseña. Para seguir, escribe la contraseña temporal que te dio y elige una nueva que solo tú conozcas.',
    actual: 'Contraseña temporal',
    guardar: 'Guardar y entrar',
    salir: 'Salir',
  },
  sesiones: {
    titulo: 'Sesiones abiertas',
    dispositivo: 'Dispositivo',
    ip: 'IP',
    actividad: 'Última actividad',
    estaSesion: 'Esta sesión',
    cerrar: 'Cerrar',
    cerrarDemas: 'Cerrar las demás',
    cerrada: 'Sesión cerrada',
    cerradas: 'Se han cerrado las demás sesiones',
    ninguna: 'No hay otras sesiones abiertas.',
    desconocido: 'Navegador desconocido',
    en: '%{navegador} en %{sistema}',
    fallo: 'No se pudieron leer las sesiones',
  },
  logins: {
    restablecer: 'Restablecer contraseña',
    confirmarTitulo: '¿Restablecer la contraseña de «%{usuario}»?',
    confirmarTexto: 'Se cerrarán sus sesiones abiertas y, al entrar, deberá elegir una contraseña nueva.',
    temporalTitulo: 'Contraseña temporal de «%{usuario}»',
    temporalTexto: 'Dásela por un medio seguro. No se volverá a mostrar.',
    entendido: 'Entendido',
    quitarFactor: 'Quitar segundo factor',
    quitarFactorTitulo: '¿Quitar la verificación en dos pasos de «%{usuario}»?',
    quitarFactorTexto:
      'Para quien perdió el teléfono y los códigos de recuperación. Se cerrarán sus sesiones abiertas y al entrar solo se le pedirá la contraseña; si su rol exige la verificación en dos pasos, deberá activarla de nuevo con su teléfono.',
    factorQuitado: 'Verificación en dos pasos quitada a «%{usuario}»; sus sesiones se han cerrado',
    tokens: 'Tokens de API',
  },
};
