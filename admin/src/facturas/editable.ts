import type { RaRecord } from 'react-admin';

// RD 1619/2012: once issued (emitida or later) an invoice is never edited; only drafts are.
export const isEditable = (factura?: Partial<RaRecord> | null): boolean => factura?.estado === 'borrador';

/** Where a click on a factura leads: its form while a draft, its read-only page once issued. */
export const rutaFactura = (_id: unknown, _resource: string, factura: RaRecord) =>
  isEditable(factura) ? ('edit' as const) : ('show' as const);

/** Issued and in force (emitida or pagada): what may still be rectified or, if a mistake, anulada. */
export const emitida = (factura?: Partial<RaRecord> | null): boolean => factura?.estado === 'emitida' || factura?.estado === 'pagada';
