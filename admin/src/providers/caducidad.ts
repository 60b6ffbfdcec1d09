// An expired session must not cost what the administrator typed. Three things,
// outside React so the fetch layer (http.ts) can reach them:
// - which forms hold unsaved changes (common/formularios/CambiosSinGuardar.tsx marks them);
// - the requests a 401 put on hold while the administrator signs in again where they are
//   (sesion/SesionCaducada.tsx), resumed as they were once signed in;
// - when the session will lapse, so sesion/AvisoCaducidad.tsx can warn before. Kept in
//   localStorage: every tab shares the session cookie, so a call from any tab extends it for all.
import { CADUCIDAD_KEY, storedUser, USER_KEY } from './sesion';

const suscritos = new Set<() => void>();
const notify = () => suscritos.forEach((f) => f());

/** For useSyncExternalStore: what changes here, and what other tabs write. */
export function subscribe(f: () => void): () => void {
  if (suscritos.size === 0) window.addEventListener('storage', alCambiarOtraPestana);
  suscritos.add(f);
  return () => {
    suscritos.delete(f);
    if (suscritos.size === 0) window.removeEventListener('storage', alCambiarOtraPestana);
  };
}

// --- Unsaved changes

const conCambios = new Set<symbol>();
/** Whose changes they are: `user` may be gone by the time the session is (another tab's 401). */
let usuarioDeLosCambios: string | undefined;

/** A form has unsaved changes until the returned function is called. */
export function markCambios(): () => void {
  const marca = Symbol('cambios');
  conCambios.add(marca);
  usuarioDeLosCambios = storedUser()?.usuario ?? usuarioDeLosCambios;
  notify();
  return () => {
    conCambios.delete(marca);
    notify();
    // The form left (the back button, past react-admin's warning) while requests waited: there is
    // nothing left to keep, so they end as any 401 does. A tick later, as a form that re-renders
    // unmarks and marks again at once.
    setTimeout(() => {
      if (conCambios.size === 0 && espera) abandonEspera();
    });
  };
}

export const hasCambios = () => conCambios.size > 0;

// --- Requests on hold

export interface Espera {
  /** Whether a write waits: the dialog can then promise it will be saved. */
  guardando: boolean;
  /** Who is asked to sign in again; undefined if this page never knew. */
  usuario: string | undefined;
}

let espera: { vista: Espera; promesa: Promise<void>; resume: () => void; abandon: (e: Error) => void } | undefined;
/** Bumped by every sign-in here: a 401 to a request sent before it is not the new session's. */
let generacion = 0;

/** The same object until something changes, as useSyncExternalStore needs. */
export const esperaActual = (): Espera | undefined => espera?.vista;
export const generacionDeSesion = () => generacion;

/** Whether a 401 should wait for the administrator to sign in again rather than end in /login. */
export const holdAfter401 = () => hasCambios() || espera !== undefined;

/** Resolves once signed in again (sesionRenovada), rejects if the administrator leaves instead. */
export function waitForSesion(escritura: boolean): Promise<void> {
  if (!espera) {
    let resume!: () => void;
    let abandon!: (e: Error) => void;
    const promesa = new Promise<void>((resolve, reject) => {
      resume = resolve;
      abandon = reject;
    });
    espera = { vista: { guardando: false, usuario: storedUser()?.usuario ?? usuarioDeLosCambios }, promesa, resume, abandon };
  }
  if (escritura && !espera.vista.guardando) espera.vista = { ...espera.vista, guardando: true };
  notify();
  return espera.promesa;
}

export function sesionRenovada(): void {
  generacion++;
  const actual = espera;
  espera = undefined;
  actual?.resume();
  notify();
}

/** The administrator leaves: every request on hold ends with its 401. */
export function abandonEspera(): void {
  const actual = espera;
  espera = undefined;
  actual?.abandon(new Error('Sesión caducada'));
  notify();
}

// --- When the session lapses

/** What GET /logins/sesion answers (api/src/auth/sessions.ts). */
export interface EstadoSesion {
  inactividadMinutos: number;
  margenSegundos: number;
  caducaPorInactividad: string;
  caduca: string;
  ahora: string;
}

/** The same in this browser's clock (ms), as stored under CADUCIDAD_KEY. */
export interface Caducidad {
  inactividadMs: number;
  margenMs: number;
  caducaPorInactividad: number;
  caduca: number;
}

export function readCaducidad(raw = localStorage.getItem(CADUCIDAD_KEY)): Caducidad | undefined {
  try {
    const datos = JSON.parse(raw ?? 'null');
    return typeof datos?.caducaPorInactividad === 'number' ? datos : undefined;
  } catch {
    return undefined;
  }
}

const save = (c: Caducidad) => {
  localStorage.setItem(CADUCIDAD_KEY, JSON.stringify(c));
  notify();
};

/** The server's answer, its instants moved to this browser's clock. */
export function receiveEstado(estado: EstadoSesion, ahora = Date.now()): void {
  const desfase = ahora - Date.parse(estado.ahora);
  save({
    inactividadMs: estado.inactividadMinutos * 60_000,
    margenMs: estado.margenSegundos * 1000,
    caducaPorInactividad: Date.parse(estado.caducaPorInactividad) + desfase,
    caduca: Date.parse(estado.caduca) + desfase,
  });
}

/**
 * A call the server accepted extends the session as the server does: it notes activity at most
 * every `margen`, so the session lasts at least idle − margen from now.
 */
export function actividad(ahora = Date.now()): void {
  const c = readCaducidad();
  if (!c) return;
  const hasta = ahora + c.inactividadMs - c.margenMs;
  // A second's gain is not worth a write (and a storage event in every other tab).
  if (hasta - c.caducaPorInactividad >= 1000) save({ ...c, caducaPorInactividad: hasta });
}

export interface Fase {
  /** «lejos»: nothing to say yet; «aviso»: ends soon; «caducada»: may be over already. */
  fase: 'lejos' | 'aviso' | 'caducada';
  fin: number;
  /** False when the absolute expiry comes first: no activity can push it back. */
  porInactividad: boolean;
  /** When the phase changes next, if it does. */
  siguiente?: number;
}

const AVISO_MS = 5 * 60_000;

export function faseDeCaducidad(c: Caducidad, ahora: number): Fase {
  const porInactividad = c.caducaPorInactividad <= c.caduca;
  const fin = Math.min(c.caducaPorInactividad, c.caduca);
  // Five minutes ahead, or a third of what a request buys under a short timeout.
  const antelacion = porInactividad ? Math.min(AVISO_MS, (c.inactividadMs - c.margenMs) / 3) : AVISO_MS;
  if (ahora >= fin) return { fase: 'caducada', fin, porInactividad };
  if (ahora >= fin - antelacion) return { fase: 'aviso', fin, porInactividad, siguiente: fin };
  return { fase: 'lejos', fin, porInactividad, siguiente: fin - antelacion };
}

function alCambiarOtraPestana(event: StorageEvent) {
  // The same account signed in again in another tab: the cookie is shared, so what waits here
  // may go (should it meet a 401 again, the dialog comes back).
  if (event.key === USER_KEY && event.newValue && espera) {
    if (storedUser()?.usuario === espera.vista.usuario) sesionRenovada();
    return;
  }
  if (event.key === CADUCIDAD_KEY || event.key === null) notify();
}
