import { useCallback } from 'react';
import { type RaRecord, useTranslate } from 'react-admin';
import { claveDeValor } from '../common/choices';

/** A factura as people name it: «serie-numero», or «Borrador #id» before it has a number. */
export const useTextoFactura = () => {
  const translate = useTranslate();
  return useCallback(
    (factura: RaRecord) =>
      factura.numero != null
        ? `${factura.serie}-${factura.numero}`
        : `${translate(claveDeValor('facturas', 'estado', 'borrador'))} #${factura.id}`,
    [translate],
  );
};
