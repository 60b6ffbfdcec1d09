// What GET /trabajos answers (contrato/trabajos.ts), and its reading: one request,
// refreshed every few seconds while the page is open, since a job's state changes by itself.
import { useQuery } from '@tanstack/react-query';
import type { ResumenTipo } from '../../../contrato/trabajos';
import { fetchJson } from '../providers/http';

/** What GET /trabajos answers for each kind, as the API declares it. */
export type { EstadoTipo, ResumenTipo } from '../../../contrato/trabajos';

export const CLAVE_TRABAJOS = ['trabajos'];

/** Asked only once the account is known to be the administrador: another role's 403 helps nobody. */
export const useTrabajos = (permitido: boolean) =>
  useQuery({
    enabled: permitido,
    queryKey: CLAVE_TRABAJOS,
    queryFn: async () => (await fetchJson<ResumenTipo[]>('/trabajos', { segundoPlano: true })).json,
    refetchInterval: 10_000,
  });
