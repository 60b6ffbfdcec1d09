// Texts of an expiring session (sesion/SesionCaducada.tsx, sesion/AvisoCaducidad.tsx), read as
// `aula.sesion.*` (merged by es.ts).

export const sesion = {
  caducada: {
    titulo: 'Tu sesión ha caducado',
    guardando: 'Tus cambios siguen aquí. Vuelve a entrar y se guardarán tal como los has escrito.',
    cambios: 'Tus cambios siguen aquí. Vuelve a entrar para seguir donde lo dejaste.',
    otraCuenta: 'Para entrar con otra cuenta, sal sin guardar.',
    salir: 'Salir sin guardar',
  },
  aviso: {
    inactividad: 'Por inactividad, tu sesión caducará a las %{hora}. Guarda los cambios o sigue conectado.',
    maxima: 'Tu sesión llega a su duración máxima a las %{hora}: guarda los cambios antes o tendrás que volver a entrar para guardarlos.',
    caducada: 'Puede que tu sesión haya caducado. Al guardar podrás volver a entrar sin perder los cambios.',
    seguir: 'Seguir conectado',
  },
};
