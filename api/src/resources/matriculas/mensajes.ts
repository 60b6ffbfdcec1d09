// The texts of enrolments (matrículas) and of the access the shop asks about.
// A page of the catalogue (api/src/mensajes.ts lists every page): code reads it through the index.

export const mensajesMatriculas = {
  matriculas: {
    yaActiva: (usuario: string, curso: string, hasta: string | null) =>
      `${usuario} ya tiene una matrícula activa en «${curso}» ${hasta ? `hasta el ${hasta}` : 'sin fecha de fin'}: amplíala en vez de crear otra`,
    hastaAntesDeDesde: 'La fecha de fin debe ser posterior a la de inicio',
    soloActiva: (estado: string) => `Esta matrícula está ${estado}: solo se cambia una activa. Para volver a dar acceso, crea una matrícula nueva`,
    noBorrable: 'Una matrícula no se borra: queda como registro de quién tuvo acceso y hasta cuándo. Para quitar el acceso, revócala',
    soloFechas: 'De una matrícula solo se cambian sus fechas: para otro usuario u otro curso, crea una matrícula nueva',
    noActiva: (estado: string) => `Solo se revoca una matrícula activa (esta está ${estado})`,
    motivoVacio: 'Escribe por qué se revoca la matrícula',
    porReembolso: (pago: string) => `Reembolso completo del pago ${pago}`,
    resumenRevocar:
      'Revoca una matrícula activa: el alumno deja de tener acceso al curso desde ahora. No devuelve dinero: un reembolso se hace en el pago, y un reembolso completo revoca por sí solo la matrícula que compró',
    resumenAcceso:
      'Si un usuario puede ver un curso ahora: `acceso`, hasta cuándo (`hasta`, null: sin fin) y la matrícula que se lo da. Lo pregunta la tienda o el reproductor',
    loteSoloServidor: 'Un lote de matrículas no se escribe a mano: se lanza desde la lista de usuarios (POST /matriculas/lote) y lo avanza una tarea en segundo plano',
    resumenLote:
      'Matricula en un curso, o revoca su matrícula, a muchos usuarios a la vez (los elegidos o todos los que cumplen un filtro): lo hace una tarea en segundo plano y el lote dice cuántas hizo, cuántas no cambiaron y cuáles rechazó y por qué',
    loteSinUsuarios: 'Elige al menos un usuario, o un filtro que encuentre alguno',
    loteDemasiados: (n: number, max: number) => `El lote abarcaría ${n} usuarios: como mucho ${max} a la vez. Acota el filtro`,
    loteIdsYFiltro: 'Manda los usuarios elegidos o un filtro, no las dos cosas',
    loteSinMotivo: 'Escribe por qué se revocan las matrículas',
    loteHastaPasado: 'La fecha de fin debe ser futura',
    usuarioBorrado: 'El usuario ya no existe',
    yaMatriculado: 'Ya tenía una matrícula activa en este curso',
    sinMatriculaActiva: 'No tenía una matrícula activa en este curso',
    etiquetaTrabajoLote: 'Matrículas en lote',
    cursoNoExiste: (id: number) => `No existe el curso ${id}`,
    usuarioNoExiste: (id: number) => `No existe el usuario ${id}`,
  },
};
