// The shell's own texts (login, menu, not-found page), read as `aula.*` inside react-admin and
// imported directly by the login screen, which ships without react-admin.

export const aulaShell = {
  login: {
    titulo: 'Login',
    usuario: 'Usuario:',
    contrasena: 'Contraseña:',
    entrar: 'Entrar',
    incorrecto: 'login incorrecto',
  },
  menu: {
    admin: 'Admin',
    facturacion: 'Facturación',
    informes: 'Informes',
    salir: 'Salir',
    miCuenta: 'Mi cuenta',
    administradores: 'Administradores',
    actividad: 'Actividad',
    // The phone's drawer with the sections, as a screen reader names it.
    secciones: 'Secciones',
  },
  noEncontrada: {
    titulo: 'Página no encontrada',
    texto: 'La dirección no corresponde a ninguna página de la administración.',
    volver: 'Volver al inicio',
  },
  cargando: 'Cargando…',
  // A list whose total the API only bounded or estimated (common/Paginacion.tsx).
  paginacion: {
    masDe: '%{offsetBegin}-%{offsetEnd} de más de %{total}',
    unos: '%{offsetBegin}-%{offsetEnd} de unos %{total}',
  },
  // A list whose rows answer the previous search while the new one is asked (common/Buscando.tsx).
  buscando: 'Buscando…',
};
