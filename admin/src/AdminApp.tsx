// Everything under /main: react-admin, loaded only once the administrator is past the login.
import { type ComponentType, lazy } from 'react';
import { Route } from 'react-router-dom';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { definiciones } from './common/definiciones';
import { Layout } from './layout/Layout';
import { temaClaro, temaOscuro } from './layout/temas';
import NoEncontrada from './layout/NoEncontrada';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18n';
import { store } from './providers/store';

type Vista = 'list' | 'create' | 'edit' | 'show';
type Seccion = { default: Partial<Record<Vista, ComponentType>> };

/**
 * A section's pages, each loaded the first time it is opened. Which pages a section has must be
 * known up front: react-admin shows «Crear» and «Editar» buttons from it.
 */
const paginas = (cargar: () => Promise<Seccion>, ...vistas: Vista[]) =>
  Object.fromEntries(
    vistas.map((vista) => [vista, lazy(() => cargar().then((m) => ({ default: m.default[vista]! })))]),
  );

const secciones = {
  clases: paginas(() => import('./clases'), 'list', 'create', 'edit'),
  cursos: paginas(() => import('./cursos'), 'list', 'create', 'edit', 'show'),
  categorias: paginas(() => import('./categorias'), 'list', 'create', 'edit'),
  usuarios: paginas(() => import('./usuarios'), 'list', 'create', 'edit', 'show'),
  facturas: paginas(() => import('./facturas'), 'list', 'create', 'edit', 'show'),
  pagos: paginas(() => import('./pagos'), 'list', 'create', 'edit', 'show'),
  logins: paginas(() => import('./logins'), 'list', 'create', 'edit'),
  // Append-only: the API refuses edits and deletes of the activity log.
  logs: paginas(() => import('./logs'), 'list', 'show'),
};

const InformesPage = lazy(() => import('./informes/InformesPage'));
const VerifactuPage = lazy(() => import('./verifactu/VerifactuPage'));

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
    catchAll={NoEncontrada}
    requireAuth
    disableTelemetry
  >
    {/* Without a dashboard react-admin opens the first resource: Clases. */}
    {Object.entries(secciones).map(([name, vistas]) => (
      <Resource key={name} name={name} {...definiciones[name as keyof typeof secciones]} {...vistas} />
    ))}
    <CustomRoutes>
      <Route path="/informes" element={<InformesPage />} />
      <Route path="/verifactu" element={<VerifactuPage />} />
    </CustomRoutes>
  </Admin>
);

export default AdminApp;
