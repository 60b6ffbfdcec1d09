// What the admin reads of the remission (GET /verifactu/estado), shared by the banner, the
// «VeriFactu» page, the invoices' chips and the QR caption: one request, refreshed every minute.
import { useQuery } from '@tanstack/react-query';
import { type RaRecord, useCanAccess } from 'react-admin';
import type { EstadoRemision } from '../../../contrato/verifactu';
import { fetchJson } from '../providers/http';

/** What GET /verifactu/estado answers, as the API declares it. */
export type { EstadoRemision } from '../../../contrato/verifactu';

export const CLAVE_ESTADO = ['verifactu', 'estado'];

export function useEstadoVerifactu() {
  // A role that cannot read the records (an editor) is not asked about their remission: a 403 in the background helps nobody.
  const { canAccess } = useCanAccess({ action: 'list', resource: 'verifactu' });
  return useQuery({
    enabled: canAccess === true,
    queryKey: CLAVE_ESTADO,
    queryFn: async () => (await fetchJson<EstadoRemision>('/verifactu/estado', { segundoPlano: true })).json,
    refetchInterval: 60_000,
    staleTime: 10_000,
  });
}

/** Whether the records reach the AEAT: only then may anything say an invoice is verifiable. */
export const remisionActiva = (estado: EstadoRemision | undefined) => Boolean(estado && estado.modo !== 'desactivado');

export type EstadoFacturaAeat = 'pendiente' | 'remitida' | 'conErrores' | 'rechazada' | 'noRemitida';

/**
 * An invoice's state at the AEAT from its records' rows: the worst among those still standing (a
 * record a later one corrected no longer counts). Nothing is claimed while the remission is off.
 */
export function estadoDeFactura(remisiones: RaRecord[], activa: boolean): EstadoFacturaAeat | undefined {
  if (!remisiones.length) return undefined;
  if (!activa) return 'noRemitida';
  const vigentes = remisiones.filter((r) => r.vigente);
  if (vigentes.some((r) => r.estado === 'incorrecto')) return 'rechazada';
  if (remisiones.some((r) => r.estado === 'pendiente')) return 'pendiente';
  if (vigentes.some((r) => r.estado === 'aceptadoConErrores')) return 'conErrores';
  return 'remitida';
}
