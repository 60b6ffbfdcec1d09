// The texts of discount coupons (cupones) and their redemptions (canjes), docs/arquitectura.md §23.
// A page of the catalogue (api/src/mensajes.ts lists every page): code reads it through the index.

export const mensajesCupones = {
  cupones: {
    porcentajeMaximo: 'Un descuento en porcentaje va de 1 a 100',
    ambitoCategoria: 'Elige la categoría en la que vale el cupón',
    ambitoCurso: 'Elige el curso en el que vale el cupón',
    hastaAntesDeDesde: 'La fecha de fin debe ser posterior a la de inicio',
    // Unknown codes are all said alike: the shop cannot tell a mistyped code from one that never existed.
    noValido: 'Cupón no válido',
    inactivo: (codigo: string) => `El cupón ${codigo} está desactivado`,
    aunNo: (codigo: string, desde: string) => `El cupón ${codigo} aún no vale: empieza el ${desde}`,
    caducado: (codigo: string, hasta: string) => `El cupón ${codigo} caducó el ${hasta}`,
    agotado: (codigo: string) => `El cupón ${codigo} está agotado: ya se usaron todos sus usos`,
    yaUsado: (codigo: string, veces: number) =>
      veces === 1 ? `Este usuario ya usó el cupón ${codigo}` : `Este usuario ya usó el cupón ${codigo} las ${veces} veces que permite`,
    otroCurso: (codigo: string, curso: string) => `El cupón ${codigo} no vale para el curso «${curso}»`,
    otraMoneda: (codigo: string, moneda: string, deCurso: string) => `El cupón ${codigo} descuenta en ${moneda} y el curso se vende en ${deCurso}`,
    cursoNoExiste: (id: number) => `No existe el curso ${id}`,
    usuarioNoExiste: (id: number) => `No existe el usuario ${id}`,
    // A pago that spends a canje.
    canjeOtroUsuario: 'Ese canje es de otro usuario: el pago debe ser del usuario que canjeó el cupón',
    canjeOtroCurso: 'Ese canje es de otro curso: el pago debe ser del curso para el que se canjeó el cupón',
    canjeOtraTienda: 'Ese canje lo hizo otro token: usa el canje que te dio tu propio canjeo',
    canjeImporte: (total: string) => `Con el cupón, el importe del pago debe ser ${total} (precio menos descuento)`,
    canjeMoneda: (moneda: string) => `La moneda del pago debe ser la del canje (${moneda})`,
    canjeGratis: 'Ese canje dejó el curso gratis: no lleva pago, la matrícula ya se concedió al canjear',
    // The invoice's concepto of a pago with a discount.
    conceptoConDescuento: (concepto: string, precio: string, codigo: string, descuento: string) => `${concepto} (precio ${precio} − cupón ${codigo} ${descuento})`,
    canjesSoloServidor: 'Un canje no se escribe a mano: lo crea POST /cupones/canjear',
    resumenCanjear:
      'Canjea un cupón para un usuario y un curso: comprueba que vale, reserva un uso y contesta el precio, el descuento y el total. Si el total es 0, no hace falta pago: concede la matrícula en el acto',
    resumenGenerar: 'Genera de una vez hasta 10 000 cupones de un solo uso, con códigos aleatorios, en una sola transacción',
  },
};
