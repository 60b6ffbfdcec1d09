import type { RaRecord } from 'react-admin';

/**
 * Whether the API deletes this pago: only one that moved no money (pendiente, fallido) and has
 * no invoice. The others are accounting records: the entity refuses to delete them (409) and a
 * mistaken one is corrected by a refund or a rectificativa, so the admin never offers «Borrar».
 */
export const esBorrable = (pago?: Partial<RaRecord> | null): boolean =>
  !!pago && pago.estado !== 'completado' && pago.estado !== 'reembolsado' && pago.facturaId == null;
