import type { RaRecord } from 'react-admin';
import { recurso } from '../entidades';

/**
 * Where a pago's estado may go, as the API's registry says (pagos.estado.transiciones; the API
 * answers 409 to anything else): the initial ones for a new pago, else the current one and its next.
 */
export const estadosPosibles = (pago?: Partial<RaRecord> | null): readonly string[] => {
  const { iniciales, siguientes } = recurso('pagos').fields.estado.transiciones!;
  if (pago?.id == null || pago.estado == null) return iniciales;
  return [pago.estado, ...(siguientes[pago.estado] ?? [])];
};
