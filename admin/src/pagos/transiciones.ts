import type { RaRecord } from 'react-admin';

/**
 * Where a pago's estado may go (the API enforces the same and answers 409 otherwise): it is
 * created pendiente, or completado for money already received; then it only moves forward.
 */
export const ESTADOS_INICIALES = ['pendiente', 'completado'] as const;
const SIGUIENTES: Record<string, readonly string[]> = {
  pendiente: ['completado', 'fallido'],
  completado: ['reembolsado'],
  fallido: [],
  reembolsado: [],
};

/** The estados the form offers: the initial ones for a new pago, else the current one and its next. */
export const estadosPosibles = (pago?: Partial<RaRecord> | null): readonly string[] => {
  if (pago?.id == null || pago.estado == null) return ESTADOS_INICIALES;
  return [pago.estado, ...(SIGUIENTES[pago.estado] ?? [])];
};
