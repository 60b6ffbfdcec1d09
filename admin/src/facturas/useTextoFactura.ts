import { useCallback } from 'react';
import type { RaRecord } from 'react-admin';
import { nombreDe } from '../entidades';

/** A factura as people name it, by its definition: «serie-numero», or «Borrador #id» before it has a number. */
export const useTextoFactura = () => useCallback((factura: RaRecord) => nombreDe('facturas', factura), []);
