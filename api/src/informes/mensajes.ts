// The texts of the reports: their parameters, titles and columns.
// A page of the catalogue (api/src/mensajes.ts lists every page): code reads it through the index.

export const mensajesInformes = {
  informes: {
    parametroDesconocido: (nombre: string) => `Parámetro desconocido: «${nombre}»`,
    fechaInvalida: (param: string, valor: string) =>
      `El parámetro «${param}» debe ser una fecha AAAA-MM-DD o una fecha y hora ISO 8601 (recibido «${valor}»)`,
    rangoInvertido: (desde: string, hasta: string) => `«desde» (${desde}) no puede ser posterior a «hasta» (${hasta})`,
    agrupacionInvalida: (valor: string) => `El parámetro «agrupacion» debe ser dia, semana o mes (recibido «${valor}»)`,
    demasiadosIntervalos: (n: number, max: number) =>
      `El periodo elegido da ${n} intervalos y el máximo es ${max}: acorta el periodo o agrupa por semana o por mes`,
    diasInvalido: (valor: string, max: number) => `El parámetro «dias» debe ser un número entero entre 0 y ${max} (recibido «${valor}»)`,
    /** Each report's title and what it answers (in the admin's cards and in /openapi.json). */
    catalogo: {
      resumen: {
        titulo: 'Resumen',
        descripcion: 'Cifras clave del periodo y del anterior: tantos meses enteros antes si el periodo son meses enteros, si no tantos días',
      },
      ingresos: { titulo: 'Ingresos', descripcion: 'Ingresos por día, semana o mes, sin huecos' },
      usuariosNuevos: { titulo: 'Usuarios nuevos', descripcion: 'Usuarios nuevos por intervalo y cuántos de ellos compraron' },
      pagosPorMetodo: { titulo: 'Pagos por método', descripcion: 'Número e importe de pagos por método' },
      pagosPorEstado: { titulo: 'Pagos por estado', descripcion: 'Número e importe de pagos por estado' },
      ventasPorCurso: { titulo: 'Ventas por curso', descripcion: 'Ventas, ingresos, ticket medio y reembolsos por curso' },
      pendientes: { titulo: 'Dinero pendiente', descripcion: 'Dinero atascado: pagos pendientes, pagos sin factura y facturas sin pago' },
      alumnosPorCurso: { titulo: 'Alumnos activos por curso', descripcion: 'Alumnos con una matrícula activa y en vigor hoy, por curso' },
      matriculasNuevas: { titulo: 'Matrículas nuevas', descripcion: 'Matrículas creadas por día, semana o mes, y cuántas de ellas por un pago' },
      matriculasPorCaducar: {
        titulo: 'Matrículas que caducan pronto',
        descripcion: 'Matrículas activas cuyo acceso termina en los próximos 30 días, las más próximas primero',
      },
      cuponesUsados: {
        titulo: 'Cupones usados',
        descripcion: 'Por cupón: usos en el periodo, descuento concedido e ingresos de los pagos completados que lo usaron',
      },
    },
    /**
     * Column labels and row labels, as the administrator reads them on screen and in a
     * spreadsheet (where money and percentages add their unit: informes/csv.ts).
     */
    columnas: {
      indicador: 'Indicador',
      periodoActual: (desde: string, hasta: string) => `Periodo ${desde} a ${hasta}`,
      periodoAnterior: (desde: string, hasta: string) => `Periodo anterior ${desde} a ${hasta}`,
      ingresosNetos: 'Ingresos netos',
      ingresos: 'Ingresos brutos',
      pagos: 'Pagos',
      pagosCobrados: 'Pagos cobrados',
      ticketMedio: 'Ticket medio',
      reembolsos: 'Reembolsos',
      importeReembolsado: 'Importe reembolsado',
      usuariosNuevos: 'Usuarios nuevos',
      compradores: 'De ellos, con compra',
      cursosVendidos: 'Cursos vendidos',
      intervalo: 'Intervalo',
      cursoId: 'Id del curso',
      curso: 'Curso',
      sinCurso: '(sin curso)',
      ventas: 'Ventas',
      metodo: 'Método',
      estado: 'Estado',
      importe: 'Importe',
      completados: 'Completados',
      importeCompletado: 'Importe completado',
      tipo: 'Tipo',
      id: 'Id',
      fecha: 'Fecha',
      usuario: 'Usuario',
      concepto: 'Concepto',
      pagoPendiente: 'Pago pendiente',
      pagoSinFactura: 'Pago completado sin factura',
      facturaSinPago: 'Factura emitida sin pago',
      alumnos: 'Alumnos activos',
      matriculasNuevas: 'Matrículas nuevas',
      dePago: 'De ellas, por un pago',
      caduca: 'Caduca',
      cuponId: 'Id del cupón',
      cupon: 'Cupón',
      usos: 'Usos',
      descuento: 'Descuento concedido',
      pagosConCupon: 'Pagos completados',
      ingresosConCupon: 'Ingresos',
      usuarioId: 'Id del usuario',
      matriculaId: 'Id de la matrícula',
    },
  },
};
