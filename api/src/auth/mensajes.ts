// The texts of sessions, passwords, the second factor and the account routes.
// A page of the catalogue (api/src/mensajes.ts lists every page): code reads it through the index.

export const mensajesAuth = {
  segundoFactor: {
    codigoIncorrecto: 'El código no es correcto o ya se ha usado: escribe el que muestra ahora tu aplicación, o un código de recuperación',
    contrasenaIncorrecta: 'La contraseña no es correcta',
    sinAlta: 'No has empezado a activar la verificación en dos pasos: pide primero el código QR',
    yaActivo: 'La verificación en dos pasos ya está activada en tu cuenta: desactívala antes de volver a activarla',
    noActivo: 'La verificación en dos pasos no está activada en tu cuenta',
    sinCodigoPendiente: 'Tu sesión no está esperando ningún código de verificación',
    obligatorio: (rol: string) => `Tu cuenta (${rol}) debe tener la verificación en dos pasos: no se puede desactivar`,
    quitarResumen:
      'Quita la verificación en dos pasos de otra cuenta (quien perdió el teléfono y los códigos de recuperación): cierra sus sesiones; si su rol la exige, deberá activarla de nuevo al entrar',
    quitarPropio: 'Tu propia verificación en dos pasos se desactiva en Mi cuenta, con tu contraseña y un código',
    quitarSinFactor: 'Esta cuenta no tiene activada la verificación en dos pasos: no hay nada que quitar',
  },
  auth: {
    loginIncorrecto: 'login incorrecto',
    sinSesion: 'Se necesita iniciar sesión',
    demasiadosIntentos: (segundos: number) => {
      const minutos = Math.ceil(segundos / 60);
      return `Demasiados intentos fallidos. Vuelve a intentarlo dentro de ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'}`;
    },
    hashOcupadoCliente: 'Ya hay un inicio de sesión en curso desde esta dirección. Vuelve a intentarlo en un segundo',
    hashOcupado: 'El servidor está atendiendo muchos inicios de sesión a la vez. Vuelve a intentarlo en un segundo',
    ultimoAdministrador: 'No se puede desactivar ni borrar al último administrador activo: nadie podría entrar',
    ultimoAdministradorRol: 'No se puede quitar el rol de administrador al último administrador activo: nadie podría gestionar las cuentas',
    contrasena: {
      corta: (minimo: number) => `La contraseña debe tener al menos ${minimo} caracteres`,
      usuario: 'La contraseña no puede ser el nombre de usuario ni apenas más que él',
      comun: 'Esa contraseña es de las más usadas (o lo es con cifras o signos añadidos): elige otra menos previsible',
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
          `Entra en el admin como «${usuario}» con la contraseña nueva${
            debeEnrolar ? ': como su rol exige la verificación en dos pasos (MFA_ROLES), se te pedirá activarla con un teléfono antes de seguir' : ''
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
  enlaces: {
    sinPassNiEmail: 'Escribe una contraseña o un email: sin contraseña, la cuenta recibe por email una invitación para elegir la suya',
    invitarResumen: 'Envía de nuevo a la cuenta, por email, una invitación para elegir su contraseña (un enlace de un solo uso que vale 72 horas)',
    invitarInactiva: 'La cuenta está desactivada: actívala antes de invitarla',
    olvidoResumen:
      'Pide un enlace para restablecer la contraseña, por usuario o email. La respuesta es siempre la misma, exista o no la cuenta: si existe, está activa y tiene email, se le envía el enlace (de un solo uso, vale una hora)',
    olvidoRespuesta:
      'Si hay una cuenta activa con ese usuario o email, le hemos enviado un mensaje con un enlace para elegir una contraseña nueva. El enlace vale una hora y sirve una sola vez',
    restablecerResumen:
      'Elige una contraseña con el enlace de un mensaje (restablecimiento o invitación): gasta el enlace, cierra las sesiones de la cuenta y no inicia ninguna (se entra después, como siempre)',
    enlaceNoValido: 'El enlace no es válido o ya no sirve (caduca y solo se puede usar una vez). Pide uno nuevo desde «¿Has olvidado tu contraseña?»',
    tipoNoValido: 'El tipo de enlace debe ser «restablecer» o «invitacion»',
  },
  tokens: {
    invalido: 'El token no es válido, ha caducado o fue revocado: pide uno nuevo a un administrador',
    soloCuentas: 'Esta ruta es de las cuentas de personas (su sesión, su contraseña): un token no puede usarla',
    demasiadas: (max: number) => `Este token ha hecho más de ${max} peticiones en el último minuto: espera un poco antes de seguir`,
    caducaPasada: 'La fecha de caducidad debe ser posterior a ahora',
    inmutable: 'Un token solo cambia de nombre: para otro rol o caducidad, crea uno nuevo y revoca este',
    yaRevocado: 'Este token ya estaba revocado',
    noConToken: 'Los tokens los crea, cambia y revoca una persona administradora con su sesión, nunca otro token',
    revocarResumen: 'Revoca el token: deja de servir al momento, en todos los procesos; el registro y su historial se conservan',
    token: 'El token: se muestra solo esta vez (se guarda solo su huella SHA-256)',
  },
};
