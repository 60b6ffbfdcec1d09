// The texts of payments and their refunds.
// A page of the catalogue (api/src/mensajes.ts lists every page): code reads it through the index.

export const mensajesPagos = {
  pagos: {
    estadoInicial: 'Un pago se crea pendiente o completado (un cobro que ya ha ocurrido); fallido y reembolsado se alcanzan después',
    stripeSinClave: 'Este pago se cobró por Stripe y el servidor no tiene STRIPE_API_KEY: devuélvelo desde el panel de Stripe y su aviso lo registrará aquí',
    stripeRechaza: (motivo: string) => `Stripe no aceptó el reembolso: ${motivo.trim().replace(/\.+$/, '')}. No se ha registrado nada`,
    stripeEstado: (estado: string) => `quedó «${estado}»`,
    stripeSinRespuesta: 'Stripe no respondió a tiempo: no se sabe si hizo el reembolso y no se ha registrado nada. Vuelve a intentarlo: si ya lo hizo, Stripe devolverá el mismo reembolso, nunca otro',
    redsysSinClave: 'Este pago se cobró por Redsys y el servidor no tiene REDSYS_CLAVE y REDSYS_COMERCIO: devuélvelo desde el portal del banco y regístralo aquí a mano',
    redsysRechaza: (codigo: string) => `Redsys no aceptó la devolución (${codigo}). No se ha registrado nada`,
    redsysFirma: 'La respuesta de Redsys no lleva una firma válida: no se da por hecha la devolución y no se ha registrado nada. Compruébala en el portal del banco',
    redsysSinRespuesta: 'Redsys no respondió a tiempo: no se sabe si hizo la devolución y no se ha registrado nada. Compruébalo en el portal del banco antes de repetirla (Redsys no reconoce una petición repetida)',
    tiendaPendiente: 'La tienda crea los pagos pendientes: los completa la pasarela de pago cuando el cobro llega',
    transicion: (de: string, a: string) =>
      `Un pago ${de} no puede pasar a ${a}: se admite pendiente → completado o fallido; un pago completado se reembolsa con la acción «Reembolsar»`,
    reembolsoPorAccion: (id: number) =>
      `Un pago no se reembolsa cambiando su estado: usa la acción «Reembolsar» (POST /pagos/${id}/reembolsar), que pide el importe y el motivo y emite la rectificativa de su factura`,
    noReembolsable: (estado: string) => `Solo se reembolsa un pago completado (este está ${estado})`,
    reembolsoNoPositivo: 'El importe a reembolsar debe ser mayor que cero',
    reembolsoExcesivo: (queda: string, importe: string) => `Como mucho se pueden reembolsar ${queda}: es lo que queda por devolver de este pago de ${importe}`,
    motivoVacio: 'Indica el motivo del reembolso',
    descripcionVacia: 'El texto para el cliente no puede quedar en blanco: escríbelo, o quita el campo para que la rectificativa diga solo el importe devuelto',
    /** Why a pago that money or an invoice went through is never deleted, and how it is corrected. */
    noBorrable: (pago: string, estado: string, factura: string | null) =>
      `El pago ${pago} está ${estado}${factura ? ` y tiene la factura ${factura}` : ''}: es un registro contable y no se borra. ` +
      `Si es un error, se corrige con un reembolso${factura ? ` o con una rectificativa de su factura` : ''}`,
    resumenReembolsar:
      'Reembolsa un pago completado, en todo o en parte: registra el reembolso (importe y motivo) y, si el pago tiene factura emitida, emite su rectificativa por ese importe. ' +
      'El pago pasa a reembolsado cuando no queda nada por devolver',
    importeFijo: (estado: string) => `El importe de un pago ${estado} no se puede cambiar: el dinero ya se ha movido`,
    noFacturable: (estado: string) => `Solo se factura un pago completado (este está ${estado})`,
    yaFacturado: (num: string) => `El pago ya tiene la factura ${num}`,
  },
};
