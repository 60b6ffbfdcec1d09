// The texts of the background jobs, as their page and their rows show them.
// A page of the catalogue (api/src/mensajes.ts lists every page): code reads it through the index.

export const mensajesTrabajos = {
  trabajos: {
    /** The reasons a run ended without its own error, as the job's row keeps them and the admin shows them. */
    arriendoPerdido: 'Otro proceso tomó este trabajo (el arriendo de este había caducado): lo que hacía no se guardó',
    interrumpido: 'El proceso que lo ejecutaba dejó de responder (se detuvo o perdió la base de datos) antes de terminar',
    limite: (ms: number) => `Superó su tiempo máximo (${(ms / 1000).toLocaleString('es-ES')} s) y se interrumpió`,
    parada: 'La aplicación se detuvo mientras se ejecutaba',
    sinMotivo: 'Falló sin decir por qué',
    tipoDesconocido: (tipo: string) => `Esta versión de la aplicación no conoce los trabajos «${tipo}»`,
    noEncontrado: 'No existe ese trabajo (quizá se limpió por antiguo)',
    noFallido: (estado: string) => `Solo se reintenta un trabajo fallido; este está ${estado}`,
    yaHayOtro: 'Ya hay otro trabajo igual esperando o en marcha: no hace falta reintentar este',
    resumen: {
      lista: 'Los trabajos en segundo plano por tipo: su estado, la última ejecución y su resultado, la próxima, cuántos esperan y los fallos recientes con su motivo',
      reintentar: 'Vuelve a poner en cola, para ya, un trabajo fallido; sus intentos empiezan de cero',
    },
    // The kinds' labels, as the page names them.
    etiqueta: {
      procesadoArchivos: 'Procesado de archivos subidos',
      barridoSubidas: 'Limpieza de subidas abandonadas',
      purgaHistorial: 'Purga de los valores antiguos del historial',
      limpiezaTrabajos: 'Limpieza de trabajos terminados',
      remisionVerifactu: 'Remisión de registros VeriFactu a la AEAT',
      caducidadMatriculas: 'Caducidad de las matrículas vencidas',
    },
  },
};
