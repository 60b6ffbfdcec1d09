// One stream of the API's live changes per tab (GET /eventos, docs/arquitectura.md §17), shared by
// whatever part of the page listens. EventSource reconnects by itself and, on reconnecting, sends
// the last event id it saw, so the API replays what the tab missed; only when the API refuses the
// stream outright (a 401, a 429) does it stop, and then this module opens a new one a little later.
import { apiUrl } from './api';
import { storedUser } from './sesion';

/** A record someone else changed: never its values, which the page reads again. */
export interface CambioVivo {
  recurso: string;
  id: number;
  accion: string;
  version: number | null;
  loginId: number | null;
}

/** The API could not replay everything the tab missed: whatever it shows may be stale. */
export const RECARGAR = 'recargar';

type Oyente = (cambio: CambioVivo | typeof RECARGAR) => void;

const REINTENTO_MS = 5000;
const oyentes = new Set<Oyente>();
let fuente: EventSource | undefined;
let reintento: ReturnType<typeof setTimeout> | undefined;

const notify = (c: CambioVivo | typeof RECARGAR) => {
  for (const o of oyentes) o(c);
};

function open() {
  if (fuente || reintento || typeof EventSource === 'undefined') return;
  const es = new EventSource(apiUrl('/eventos'), { withCredentials: true });
  fuente = es;
  es.onmessage = (e: MessageEvent<string>) => {
    const cambio = JSON.parse(e.data) as CambioVivo;
    // One's own saves are no news.
    if (cambio.loginId !== null && cambio.loginId === storedUser()?.id) return;
    notify(cambio);
  };
  es.addEventListener(RECARGAR, () => notify(RECARGAR));
  es.onerror = () => {
    if (es.readyState !== EventSource.CLOSED) return;
    fuente = undefined;
    if (!oyentes.size) return;
    reintento = setTimeout(() => {
      reintento = undefined;
      if (oyentes.size) open();
    }, REINTENTO_MS);
  };
}

function close() {
  clearTimeout(reintento);
  reintento = undefined;
  fuente?.close();
  fuente = undefined;
}

/** Calls `oyente` with each change made by someone else; returns the function that stops it. */
export function subscribeCambios(oyente: Oyente): () => void {
  oyentes.add(oyente);
  open();
  return () => {
    oyentes.delete(oyente);
    if (!oyentes.size) close();
  };
}
