// The texts of invoicing: emission, rectification, annulment and the chain's verification.
// A page of the catalogue (api/src/mensajes.ts lists every page): code reads it through the index.

export const mensajesFacturas = {
  facturacion: {
    /** Start-up refuses a configuration the invoices could not carry (api/src/configuracion.ts). */
    config: {
      nifNoValido: (recibido: string) => `no es un NIF o CIF válido: su carácter de control no corresponde (recibido «${recibido}»)`,
      serieNoValida: (recibido: string) => `debe tener de 1 a 20 letras mayúsculas, cifras o guiones (recibido «${recibido}»)`,
    },
    emisorDemo: ({ nombre, nif, domicilio }: { nombre: string; nif: string; domicilio: string }) =>
      `Emisor de facturas de demostración (ficticio): ${nombre}, NIF ${nif}, ${domicilio}. En producción, EMISOR_NIF, EMISOR_NOMBRE y EMISOR_DOMICILIO.`,
    encadenadas: (n: number) => `Registros VeriFactu escritos para ${n} ${n === 1 ? 'factura emitida que no lo tenía' : 'facturas emitidas que no los tenían'} (datos de demostración o de antes de esta versión)`,
    resumen: {
      emitir: 'Emite un borrador: le da el siguiente número de su serie, fija emisor, cliente e importes y escribe su registro VeriFactu. No se puede deshacer',
      rectificar:
        'Crea y emite una factura rectificativa en la serie de rectificativas: por diferencias (tipoRectificativa I, los importes que cambian; en negativo para anular en todo o en parte) ' +
        'o por sustitución (S, la factura entera corregida, p. ej. con los datos del cliente bien), que sustituye a la rectificada también en sus pagos',
      anular: 'Anula una factura emitida por error: escribe el registro de anulación; su número queda usado',
      facturar: 'Emite la factura de un pago completado: el total es exactamente el importe del pago, IVA incluido',
      pdf: 'La factura emitida en PDF, con el código QR tributario de la AEAT',
      qr: 'El código QR tributario de la factura emitida (SVG)',
      verificar: 'Recalcula la cadena de huellas de los registros de facturación y dice si está intacta o dónde se rompe',
    },
    inmutable: (num: string, estado: string) =>
      `La factura ${num} está ${estado} y no se puede modificar ni borrar: para corregirla, emite una rectificativa (o anúlala si se emitió por error)`,
    soloPagada: (num: string) => `De la factura ${num} solo se puede cambiar el estado de «emitida» a «pagada»`,
    crearEmitida: 'Una factura se crea como borrador y se emite con «Emitir»: no se puede crear ya emitida',
    cambiarEstadoBorrador: 'Un borrador pasa a emitida solo con «Emitir» (que le da número y registro VeriFactu)',
    serieRectificativas: (serie: string) => `La serie «${serie}» es la de las rectificativas: una factura ordinaria no puede ir en ella`,
    yaEmitida: (num: string) => `La factura ${num} ya está emitida`,
    noEmitida: 'La factura es un borrador: todavía no se ha emitido',
    noRectificable: (num: string, estado: string) => `La factura ${num} está ${estado}: solo se rectifica una factura emitida o pagada`,
    noAnulable: (estado: string) =>
      estado === 'borrador' ? 'Un borrador no se anula: se borra' : `La factura ya está ${estado}`,
    yaSustituida: (num: string, sustituta: string) => `La factura ${num} ya se sustituyó por la ${sustituta}, que es la que está en vigor: rectifica esa`,
    diferenciasNoSustituibles: (num: string) =>
      `La ${num} es una rectificativa por diferencias: no se sustituye. Para corregir los datos del cliente, rectifica por sustitución la factura que ella rectifica`,
    clienteSoloPorSustitucion: 'Los datos del cliente se corrigen con una rectificativa por sustitución («tipoRectificativa»: «S»), no por diferencias',
    yaACero: (num: string) => `La factura ${num} ya está a cero con sus rectificativas: no queda nada que anular`,
    baseSustitucionNegativa: 'En una rectificativa por sustitución, «base» es la base imponible de la factura corregida: no puede ser negativa',
    sustitucionSinCambios: (num: string) => `La rectificativa por sustitución no cambiaría nada de la factura ${num}: corrige algún dato del cliente o algún importe`,
    tieneRectificativas: (num: string) => `La factura ${num} tiene rectificativas emitidas: no se puede anular (rectifícala de nuevo si hace falta)`,
    falta: (campo: string) => `Para emitir una factura completa hace falta «${campo}»`,
    nifNoValido: (nif: string) => `El NIF «${nif}» no es válido: revisa su letra o dígito de control`,
    simplificadaMaxima: 'Sin NIF del cliente solo se puede emitir una factura simplificada de hasta 400,00 € (IVA incluido): añade el NIF, el nombre y la dirección del cliente',
    fechaAnterior: (fecha: string) => `La fecha de expedición no puede ser anterior a la última factura emitida de la serie (${fecha})`,
    fechaFutura: 'La fecha de expedición no puede ser posterior a hoy',
    operacionPosterior: (operacion: string, expedicion: string) =>
      `La fecha de operación (${operacion}) no puede ser posterior a la de expedición (${expedicion}): una factura se expide por una operación ya hecha`,
    operacionAntigua: (operacion: string) => `La fecha de operación (${operacion}) es de hace más de veinte años: la AEAT no la admite`,
    conceptoRectificacion: (num: string, descripcion: string) => `Rectificación de la factura ${num}: ${descripcion}`,
    /** What a refund's rectificativa tells the customer when the contable writes nothing for them. */
    devolucion: (importe: string) => `Devolución de ${importe} del importe pagado`,
    conceptoPago: (referencia: string | null) => (referencia ? `Servicios de formación (pago ${referencia})` : 'Servicios de formación'),
    verificacion: {
      encadenamiento: 'El registro no enlaza con la huella del registro anterior del emisor',
      huella: 'La huella guardada no es la que resulta de los datos del registro',
      factura: 'Los datos del registro ya no coinciden con los de su factura',
      identificador: 'El número de factura del registro no es una serie válida (letras mayúsculas, cifras o guiones) seguida de su número',
    },
  },
};
