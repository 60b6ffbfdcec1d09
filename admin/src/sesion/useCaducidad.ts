// The session layer (providers/caducidad.ts) as React reads it.
import { useMemo, useSyncExternalStore } from 'react';
import { type EstadoSesion, esperaActual, hayCambios, leerCaducidad, recibirEstado, suscribir } from '../providers/caducidad';
import { fetchJson } from '../providers/http';
import { CADUCIDAD_KEY } from '../providers/sesion';

export const useEspera = () => useSyncExternalStore(suscribir, esperaActual);
export const useHayCambios = () => useSyncExternalStore(suscribir, hayCambios);

export const useCaducidad = () => {
  const raw = useSyncExternalStore(suscribir, () => localStorage.getItem(CADUCIDAD_KEY));
  return useMemo(() => leerCaducidad(raw), [raw]);
};

/**
 * Asks the server when the session ends; asking extends it, as any request does. Asked for by
 * the administrator («Seguir conectado»), a 401 on a page with changes brings the sign-in dialog;
 * asked in the background, it is left for the next save to say.
 */
export async function consultarSesion({ pedida }: { pedida: boolean }): Promise<void> {
  recibirEstado((await fetchJson<EstadoSesion>('/logins/sesion', { esperarSesion: pedida })).json);
}
