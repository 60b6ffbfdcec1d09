// Everything under /main: react-admin, loaded only once the administrator is past the login.
import { createElement } from 'react';
import { Route } from 'react-router-dom';
import { Admin, CustomRoutes } from 'react-admin';
import { Layout } from './layout/Layout';
import { temaClaro, temaOscuro } from './layout/temas';
import NoEncontradaEnAdmin from './layout/NoEncontradaEnAdmin';
import AccesoDenegado from './layout/AccesoDenegado';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18n';
import { store } from './providers/store';
import { recursosDe } from './recursos';
import { secciones } from './secciones';

const AdminApp = () => (
  <Admin
    basename="/main"
    dataProvider={dataProvider}
    authProvider={authProvider}
    i18nProvider={i18nProvider}
    store={store}
    layout={Layout}
    theme={temaClaro}
    darkTheme={temaOscuro}
    catchAll={NoEncontradaEnAdmin}
    accessDenied={AccesoDenegado}
    requireAuth
    disableTelemetry
  >
    {/* Without a dashboard react-admin opens the first resource: Clases. */}
    {recursosDe(secciones.recursos)}
    <CustomRoutes>
      {secciones.paginas.map(({ name, pagina }) => (
        <Route key={name} path={`/${name}`} element={createElement(pagina!)} />
      ))}
    </CustomRoutes>
  </Admin>
);

export default AdminApp;
