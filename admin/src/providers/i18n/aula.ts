// The shell's own texts (login, menu, not-found page), read as `aula.*` inside react-admin and
// imported directly by the login screen, which ships without react-admin.

export const aulaShell = {
  login: {
    titulo: 'Login',
    usuario: 'Usuario:',
    contrasena: 'Contraseña:',
    entrar: 'Entrar',
    incorrecto: 'login incorrecto',
    // The second step of an account with the second factor (login/PasoCodigo.tsx).
    codigo: {
      titulo: 'Código de verificación',
      texto: 'Escriba el código de 6 cifras que muestra ahora su aplicación de autenticación.',
      campo: 'Código:',
      textoRecuperacion: 'Escriba uno de los códigos de recuperación que guardó al activar la verificación en dos pasos. Cada uno sirve una sola vez.',
      campoRecuperacion: 'Código de recuperación:',
      verificar: 'Verificar',
      usarRecuperacion: 'Usar un código de recuperación',
      usarAplicacion: 'Usar el código de la aplicación',
      incorrecto: 'El código no es correcto',
    },
    // A step this screen cannot take (the «sesión caducada» dialog): the login page can.
    pasoPendiente: 'Su cuenta pide un paso más para entrar: salga y entre desde la pantalla de inicio',
  },
  // Enrolment in the second factor: on the login page when the role must have it, and in Mi cuenta.
  segundoFactor: {
    titulo: 'Verificación en dos pasos',
    obligatoria: 'Su cuenta debe activar la verificación en dos pasos antes de entrar.',
    escanear: 'Escanee este código QR con su aplicación de autenticación (Google Authenticator, Microsoft Authenticator, FreeOTP…) y escriba el código de 6 cifras que muestra.',
    qr: 'Código QR para su aplicación de autenticación',
    clave: 'Si no puede escanearlo, escriba esta clave en la aplicación:',
    codigo: 'Código:',
    verificar: 'Verificar',
    recuperacionTitulo: 'Códigos de recuperación',
    recuperacionTexto: 'Guárdelos en un lugar seguro: cada uno sirve una vez para entrar si no tiene a mano su aplicación. No se volverán a mostrar.',
    guardados: 'Los he guardado',
    activa: 'Activada: al entrar se pide un código de su aplicación.',
    restantes: 'Códigos de recuperación sin usar: %{n}',
    inactiva: 'Desactivada: al entrar solo se pide la contraseña.',
    activar: 'Activar',
    desactivar: 'Desactivar',
    desactivarTexto: 'Para desactivarla, escriba su contraseña y un código de su aplicación (o uno de recuperación).',
    contrasena: 'Contraseña',
    contrasenaAlta: 'Su contraseña actual: así nadie más puede vincular un teléfono a su cuenta.',
    codigoODeRecuperacion: 'Código',
    cancelar: 'Cancelar',
    activada: 'Verificación en dos pasos activada',
    desactivada: 'Verificación en dos pasos desactivada',
    fallo: 'No se pudo completar: compruebe la conexión y vuelva a intentarlo',
  },
  menu: {
    admin: 'Admin',
    facturacion: 'Facturación',
    informes: 'Informes',
    cobros: 'Cobros',
    salir: 'Salir',
    administradores: 'Administradores',
    actividad: 'Actividad',
    tareas: 'Tareas automáticas',
    miCuenta: 'Mi cuenta',
    // The phone's drawer with the sections, as a screen reader names it.
    secciones: 'Secciones',
  },
  /** API tokens (the shop's), managed from the accounts page. */
  tokens: {
    ayuda: 'Un token deja a una máquina (la tienda web) usar el API con un rol, sin cuenta ni contraseña. Se muestra una sola vez; guárdelo en la configuración de la tienda.',
    creadoTitulo: 'Token «%{nombre}»',
    creadoTexto: 'Cópielo ahora y guárdelo en la tienda: no se volverá a mostrar. Quien lo tenga actúa con el rol «%{rol}».',
    copiar: 'Copiar',
    copiado: 'Token copiado',
    noCopiado: 'El navegador no ha dejado copiar: seleccione el token y cópielo a mano antes de cerrar.',
    entendido: 'Ya lo he guardado',
    revocar: 'Revocar',
    revocarTitulo: '¿Revocar el token «%{nombre}»?',
    revocarTexto: 'Dejará de servir al momento. Lo que hizo queda en el registro de actividad con su nombre.',
    revocado: 'Token revocado',
    vigente: 'Vigente',
    cuentas: 'Cuentas',
  },
  /** The «Cobros» page: which gateways send payments here. */
  cobros: {
    stripeConfigurado: 'Stripe está configurado: sus avisos llegan a %{direccion}.',
    stripeSinConfigurar: 'Stripe no está configurado (falta STRIPE_WEBHOOK_SECRET): sus avisos de cobro no se aceptan.',
    redsysConfigurado: 'Redsys (tarjeta y Bizum) está configurado para el comercio %{comercio}: sus notificaciones llegan a %{direccion}.',
    redsysSinConfigurar: 'Redsys no está configurado (faltan REDSYS_CLAVE y REDSYS_COMERCIO): sus notificaciones de cobro no se aceptan.',
    reprocesar: 'Reprocesar',
    seFactura: 'Cada cobro se factura al momento.',
    noSeFactura: 'Los cobros no se facturan solos (FACTURAR_AL_COBRAR desactivado).',
  },
  /** «Extractos»: the bank statements (Norma 43) and their reconciliation. */
  extractos: {
    titulo: 'Extractos bancarios',
    importar: 'Importar extracto',
    importado: 'Extracto importado: revise la propuesta y confírmela',
    duplicado: 'Ese archivo ya estaba importado: este es su extracto',
    movimientos: 'Movimientos',
    propuesta: 'Propuesta',
    pago: 'Pago',
    pagoDeLinea: 'Pago del movimiento de la línea %{linea}',
    dejar: 'Dejar sin aplicar',
    confirmar: 'Confirmar',
    seAplicaran: 'Se aplicará un pago |||| Se aplicarán %{smart_count} pagos',
    confirmado: 'Pagos aplicados: %{aplicados}; ya aplicados antes: %{saltados}',
  },
  noEncontrada: {
    titulo: 'Página no encontrada',
    texto: 'La dirección no corresponde a ninguna página de la administración.',
    volver: 'Volver al inicio',
  },
  cargando: 'Cargando…',
  // A list whose total the API only bounded or estimated (common/listas/Paginacion.tsx).
  paginacion: {
    masDe: '%{offsetBegin}-%{offsetEnd} de más de %{total}',
    unos: '%{offsetBegin}-%{offsetEnd} de unos %{total}',
  },
  // A list whose rows answer the previous search while the new one is asked (common/listas/Buscando.tsx).
  buscando: 'Buscando…',
};
