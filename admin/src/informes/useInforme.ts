// Loads one report and reloads it when its parameters change; a reply to an outdated request
// is dropped, so a fast click through presets never shows an older period's figures.
import { useEffect, useState } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { fetchInforme, type Parametros } from './api';

export interface EstadoInforme<T> {
  datos?: T;
  error?: string;
  cargando: boolean;
}

export function useInforme<T>(informe: string, params: Parametros): EstadoInforme<T> {
  const [estado, setEstado] = useState<EstadoInforme<T>>({ cargando: true });
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const clave = JSON.stringify(params);

  useEffect(() => {
    const abort = new AbortController();
    setEstado((e) => ({ datos: e.datos, cargando: true }));
    fetchInforme<T>(informe, JSON.parse(clave), abort.signal).then(
      (datos) => setEstado({ datos, cargando: false }),
      (err: unknown) => {
        if (abort.signal.aborted) return;
        // Logs out on 401 (an expired session), as the dataProvider's errors do.
        logoutIfAccessDenied(err);
        setEstado({ error: err instanceof Error ? err.message : String(err), cargando: false });
      },
    );
    return () => abort.abort();
  }, [informe, clave, logoutIfAccessDenied]);

  return estado;
}
