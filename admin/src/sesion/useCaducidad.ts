// The session layer (providers/caducidad.ts) as React reads it.
import { useMemo, useSyncExternalStore } from 'react';
import { type EstadoSesion, esperaActual, hasCambios, readCaducidad, receiveEstado, subscribe } from '../providers/caducidad';
import { fetchJson } from '../providers/http';
import { CADUCIDAD_KEY } from '../providers/sesion';

export const useEspera = () => useSyncExternalStore(subscribe, esperaActual);
export const useHasCambios = () => useSyncExternalStore(subscribe, hasCambios);

export const useCaducidad = () => {
  const raw = useSyncExternalStore(subscribe, () => localStorage.getItem(CADUCIDAD_KEY));
  return useMemo(() => readCaducidad(raw), [raw]);
};

/**
 * Asks the server when the session ends; asking extends it, as any request does. Asked for by
 * the administrator («Seguir conectado»), a 401 on a page with changes brings the sign-in dialog;
 * asked in the background, it is left for the next save to say.
 */
export async function fetchSesion({ pedida }: { pedida: boolean }): Promise<void> {
  receiveEstado((await fetchJson<EstadoSesion>('/logins/sesion', { esperarSesion: pedida })).json);
}
