// The session layer under the dialog and the warning (providers/caducidad.ts, http.ts): which
// 401s wait for a new sign-in, what resumes them, and when the warning comes.
import { act, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import {
  abandonEspera,
  type Caducidad,
  esperaActual,
  faseDeCaducidad,
  markCambios,
  sesionRenovada,
  subscribe,
} from '../../src/providers/caducidad';
import { fetchJson } from '../../src/providers/http';
import { i18nProvider } from '../../src/providers/i18n';
import { AvisoCaducidad } from '../../src/sesion/AvisoCaducidad';
import { errorLoopBack, fakeApi } from '../fetchMock';

const MINUTO = 60_000;
const SIN_SESION = errorLoopBack(401, 'Se necesita iniciar sesión');
const ANA = { id: 8, usuario: 'ana' };

/** Answers 401 until `sesion` is set, and records each call's method. */
function api() {
  const estado = { sesion: false, llamadas: [] as string[] };
  fakeApi({
    'GET /cursos': (l) => (estado.llamadas.push(l.method), estado.sesion ? { body: [{ id: 1 }] } : SIN_SESION),
    'PATCH /cursos/1': (l) => (estado.llamadas.push(l.method), estado.sesion ? { status: 204 } : SIN_SESION),
  });
  return estado;
}

const tick = () => act(() => new Promise((r) => setTimeout(r, 0)));

/** A read answered 401 while a form holds changes: it is left waiting. */
async function lecturaEnEspera() {
  const servidor = api();
  desmarcar = markCambios();
  const lectura = fetchJson('/cursos');
  await tick();
  return { servidor, lectura };
}
let desmarcar: (() => void) | undefined;

beforeEach(() => localStorage.setItem('user', JSON.stringify(ANA)));
afterEach(async () => {
  desmarcar?.();
  desmarcar = undefined;
  abandonEspera();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a 401', () => {
  it('ends at once on a page with nothing unsaved', async () => {
    api();
    await expect(fetchJson('/cursos')).rejects.toMatchObject({ status: 401 });
    expect(esperaActual()).toBeUndefined();
  });

  it('to a check made in the background ends at once even with changes: no dialog to open mid-keystroke', async () => {
    api();
    desmarcar = markCambios();
    await expect(fetchJson('/cursos', { esperarSesion: false })).rejects.toMatchObject({ status: 401 });
    expect(esperaActual()).toBeUndefined();
  });

  it('waits while a form holds changes, every request under one sign-in, and each goes again once signed in', async () => {
    const servidor = api();
    desmarcar = markCambios();
    const lectura = fetchJson('/cursos');
    const escritura = fetchJson('/cursos/1', { method: 'PATCH', body: { titulo: 'Nuevo' } });
    await tick();
    expect(esperaActual()).toEqual({ guardando: true, usuario: 'ana' });

    servidor.sesion = true;
    sesionRenovada();
    await expect(lectura).resolves.toMatchObject({ json: [{ id: 1 }] });
    await expect(escritura).resolves.toMatchObject({ status: 204 });
    expect(servidor.llamadas.sort()).toEqual(['GET', 'GET', 'PATCH', 'PATCH']);
    expect(esperaActual()).toBeUndefined();
  });

  it('to a request sent before the new sign-in goes again without asking twice', async () => {
    desmarcar = markCambios();
    let responder!: (r: Response) => void;
    const respuestas = [
      new Promise<Response>((r) => (responder = r)),
      Promise.resolve(new Response(JSON.stringify([{ id: 1 }]), { status: 200 })),
    ];
    vi.stubGlobal('fetch', vi.fn(() => respuestas.shift()));
    const lenta = fetchJson('/cursos');
    // Signed in again (for another request) while this one was on its way with the old cookie.
    sesionRenovada();
    responder(new Response(JSON.stringify(SIN_SESION.body), { status: 401 }));
    await expect(lenta).resolves.toMatchObject({ json: [{ id: 1 }] });
    expect(esperaActual()).toBeUndefined();
  });

  it('ends as before when the administrator leaves instead of signing in', async () => {
    const { lectura } = await lecturaEnEspera();
    abandonEspera();
    await expect(lectura).rejects.toMatchObject({ status: 401 });
  });

  it('ends as before once the form with the changes is gone (the back button)', async () => {
    const { lectura } = await lecturaEnEspera();
    desmarcar!();
    desmarcar = undefined;
    await expect(lectura).rejects.toMatchObject({ status: 401 });
  });

  it('goes again when the same account signs in from another tab, not another account', async () => {
    const dejar = subscribe(() => {});
    const { servidor, lectura } = await lecturaEnEspera();
    const otraPestana = (user: object) => {
      localStorage.setItem('user', JSON.stringify(user));
      window.dispatchEvent(new StorageEvent('storage', { key: 'user', newValue: JSON.stringify(user) }));
    };
    otraPestana({ id: 9, usuario: 'luis' });
    expect(esperaActual()).toBeDefined();
    servidor.sesion = true;
    otraPestana(ANA);
    await expect(lectura).resolves.toMatchObject({ json: [{ id: 1 }] });
    dejar();
  });
});

describe('when the warning comes', () => {
  const T0 = Date.UTC(2026, 2, 2, 9, 0, 0);
  const caducidad = (c: Partial<Caducidad> = {}): Caducidad => ({
    inactividadMs: 120 * MINUTO,
    margenMs: MINUTO,
    caducaPorInactividad: T0 + 120 * MINUTO,
    caduca: T0 + 12 * 60 * MINUTO,
    ...c,
  });

  it('five minutes before the idle timeout', () => {
    expect(faseDeCaducidad(caducidad(), T0 + 114 * MINUTO)).toMatchObject({ fase: 'lejos', siguiente: T0 + 115 * MINUTO });
    expect(faseDeCaducidad(caducidad(), T0 + 115 * MINUTO)).toMatchObject({ fase: 'aviso', porInactividad: true });
    expect(faseDeCaducidad(caducidad(), T0 + 120 * MINUTO)).toMatchObject({ fase: 'caducada' });
  });

  it('under a one-minute timeout, a third of what a request buys: 15 s before', () => {
    const corta = caducidad({ inactividadMs: MINUTO, margenMs: 15_000, caducaPorInactividad: T0 + 45_000 });
    expect(faseDeCaducidad(corta, T0 + 29_000).fase).toBe('lejos');
    expect(faseDeCaducidad(corta, T0 + 30_000).fase).toBe('aviso');
  });

  it('before the absolute expiry when it comes first, which no «Seguir conectado» can move', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date(2026, 2, 2, 21, 57, 0));
    const ahora = Date.now();
    localStorage.setItem('caducidad', JSON.stringify(caducidad({ caducaPorInactividad: ahora + 119 * MINUTO, caduca: ahora + 3 * MINUTO })));
    desmarcar = markCambios();
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <AvisoCaducidad />
      </AdminContext>,
    );
    expect(
      await screen.findByText('Tu sesión llega a su duración máxima a las 22:00: guarda los cambios antes o tendrás que volver a entrar para guardarlos.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Seguir conectado' })).toBeNull();

    // Past it, the next save will ask for the password: «Seguir conectado» is the way to that now.
    act(() => vi.advanceTimersByTime(3 * MINUTO));
    expect(await screen.findByText('Puede que tu sesión haya caducado. Al guardar podrás volver a entrar sin perder los cambios.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Seguir conectado' })).toBeInTheDocument();
  });
});
