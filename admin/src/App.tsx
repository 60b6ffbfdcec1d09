// Top-level routes (DESIGN §5). /login and the redirects ship without react-admin; the admin
// itself is a separate chunk, loaded only under /main.
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import NoEncontrada from './layout/NoEncontrada';
import LoginPage from './login/LoginPage';
import { hasSession, LOGIN_PATH } from './providers/authProvider';

const AdminApp = lazy(() => import('./AdminApp'));

const ATAJOS = ['clases', 'cursos', 'categorias', 'usuarios', 'facturas', 'pagos', 'informes'];

/**
 * Without a session, straight to the login screen with the address it came for (react-admin's
 * own `nextPathname` state, which its checkAuth also sets), before downloading the admin.
 */
const ConSesion = () => {
  const { pathname, search } = useLocation();
  if (!hasSession()) {
    return <Navigate to={LOGIN_PATH} replace state={{ nextPathname: pathname, nextSearch: search }} />;
  }
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'flex', justifyContent: 'center', pt: '30vh' }}>
          <CircularProgress />
        </Box>
      }
    >
      <AdminApp />
    </Suspense>
  );
};

/** /cursos/2/show → /main/cursos/2/show: old bookmarks and typed addresses keep working. */
const AlAdmin = () => {
  const { pathname, search } = useLocation();
  return <Navigate to={`/main${pathname}${search}`} replace />;
};

// Keyed by the history entry, so every arrival at /login starts with empty fields.
const Login = () => <LoginPage key={useLocation().key} />;

export const App = () => (
  <Routes>
    <Route path="/" element={<Navigate to="/main" replace />} />
    <Route path={LOGIN_PATH} element={<Login />} />
    <Route path="/main/*" element={<ConSesion />} />
    {ATAJOS.map((seccion) => (
      <Route key={seccion} path={`/${seccion}/*`} element={<AlAdmin />} />
    ))}
    <Route path="*" element={<NoEncontrada />} />
  </Routes>
);
