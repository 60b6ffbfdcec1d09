// The admin as App mounts it (the real data, i18n and auth providers; the sections given, their
// records named by the registry) at one address, over a fake API (fetchMock.ts), signed in as an
// account of a role: what the tests of a section's screens share.
import { render } from '@testing-library/react';
import { Admin, TestMemoryRouter } from 'react-admin';
import { authProvider } from '../src/providers/authProvider';
import { dataProvider } from '../src/providers/dataProvider';
import { i18nProvider } from '../src/providers/i18n';
import { recursosDe } from '../src/recursos';
import { fakeApi, type Llamada } from './fetchMock';

type Rutas = Parameters<typeof fakeApi>[0];
type Seccion = Parameters<typeof recursosDe>[0][number];

/**
 * A list's answer that honours `where: { id: { inq } }`, as react-admin's getMany asks for the
 * records a reference names; without it, every row.
 */
export const porId = (filas: { id: number }[]) => (l: Llamada) => {
  const ids = (l.query.filter as { where?: { id?: { inq?: number[] } } } | undefined)?.where?.id?.inq;
  return { body: ids ? filas.filter((f) => ids.includes(f.id)) : filas };
};

/** Mounts the admin at `path`; returns every call the admin made to the fake API. */
export function montarAdmin(path: string, secciones: Seccion[], rutas: Rutas, cuenta: { usuario: string; rol: string } = { usuario: 'carmen', rol: 'contable' }) {
  localStorage.setItem('user', JSON.stringify({ id: 8, usuario: cuenta.usuario }));
  const llamadas = fakeApi({ 'GET /logins/me': { body: { id: 8, usuario: cuenta.usuario, rol: cuenta.rol, fase: null } }, ...rutas });
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin dataProvider={dataProvider} i18nProvider={i18nProvider} authProvider={authProvider}>
        {recursosDe(secciones)}
      </Admin>
    </TestMemoryRouter>,
  );
  return llamadas;
}
