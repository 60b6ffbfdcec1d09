// The value lists of the API's enum fields (api/src/resources/*.ts), for selects and filters.
// admin/test/enums.test.ts fails if they drift from the server's.

export const nivelesCurso = ['basico', 'intermedio', 'avanzado'] as const;
export const estadosCurso = ['borrador', 'publicado', 'archivado'] as const;
export const estadosClase = ['borrador', 'publicada'] as const;
export const metodosPago = ['tarjeta', 'paypal', 'bizum', 'transferencia', 'efectivo'] as const;
export const estadosPago = ['pendiente', 'completado', 'fallido', 'reembolsado'] as const;
export const estadosFactura = ['borrador', 'emitida', 'pagada', 'anulada'] as const;
export const tiposIva = [21, 10, 4, 0] as const;
/** The log tipos the API and the admin write (DESIGN §4); tipo itself is free text. */
export const tiposLog = ['BACK-LOGIN', 'CREATE', 'UPDATE', 'DELETE'] as const;

export type EstadoFactura = (typeof estadosFactura)[number];
