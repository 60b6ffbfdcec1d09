// Top-level routes (docs/arquitectura.md §5), once the admin's chunk is loaded (arranque.tsx). The first
// /login of a visit is drawn by main.tsx without this chunk; this one serves the later ones
// («Salir», a lost session, the back button) with the same light screen.
import { lazy, Suspense, useEffect, useReducer } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import AdminApp from './AdminApp';
import { ElegirContrasena } from './cuenta/ElegirContrasena';
import NoEncontrada from './layout/NoEncontrada';
import { ATAJOS } from './login/destino';
import LoginPage from './login/LoginPage';
import { PasoAlta } from './login/PasoAlta';
import { aulaShell } from './providers/i18n/aula';
import { subscribeFase, hasSession, LOGIN_PATH, storedUser } from './providers/sesion';

/**
 * Without a session, straight to the login screen with the address it came for (react-admin's
 * own `nextPathname` state, which its checkAuth also sets).
 */
const ConSesion = () => {
  const { pathname, search } = useLocation();
  const [, redibujar] = useReducer((n: number) => n + 1, 0);
  // A step the API says this open session now owes (a new role that must enrol) replaces the app.
  useEffect(() => subscribeFase(redibujar), []);
  if (!hasSession()) {
    return <Navigate to={LOGIN_PATH} replace state={{ nextPathname: pathname, nextSearch: search }} />;
  }
  // A session with a step still to take (auth/fases.ts) shows that step, not the app.
  const fase = storedUser()?.fase;
  if (fase === 'cambiarPass') return <ElegirContrasena alTerminar={redibujar} />;
  // After a new password, or once a new role must have the second factor, it enrols before the app.
  if (fase === 'enrolar') return <PasoAlta alCompletar={redibujar} />;
  // The sections are chunks of their own: something to look at while the first one loads.
  return (
    <Suspense fallback={<Cargando />}>
      <AdminApp />
    </Suspense>
  );
};

/** /cursos/2/show → /main/cursos/2/show: old bookmarks and typed addresses keep working. */
const AlAdmin = () => {
  const { pathname, search } = useLocation();
  return <Navigate to={`/main${pathname}${search}`} replace />;
};

/** The declaración responsable: for anyone, signed in or not (Orden HAC/1177/2024, art. 15.3). */
const DeclaracionPage = lazy(() => import('./verifactu/DeclaracionPage'));

/** A message's link to choose a password (a reset, an invitation): without a session, as the login. */
const RestablecerPage = lazy(() => import('./login/Restablecer'));

const Cargando = () => (
  <Box sx={{ display: 'flex', justifyContent: 'center', pt: '30vh' }}>
    <CircularProgress aria-label={aulaShell.cargando} />
  </Box>
);

// Keyed by the history entry, so every arrival at /login starts with empty fields.
const Login = () => <LoginPage key={useLocation().key} />;

export const App = () => (
  <Routes>
    <Route path="/" element={<Navigate to="/main" replace />} />
    <Route path={LOGIN_PATH} element={<Login />} />
    <Route
      path="/declaracion-responsable"
      element={
        <Suspense fallback={<Cargando />}>
          <DeclaracionPage />
        </Suspense>
      }
    />
    {(['restablecer', 'invitacion'] as const).map((tipo) => (
      <Route
        key={tipo}
        path={`/${tipo}`}
        element={
          <Suspense fallback={<Cargando />}>
            <RestablecerPage tipo={tipo} />
          </Suspense>
        }
      />
    ))}
    <Route path="/main/*" element={<ConSesion />} />
    {ATAJOS.map((seccion) => (
      <Route key={seccion} path={`/${seccion}/*`} element={<AlAdmin />} />
    ))}
    <Route path="*" element={<NoEncontrada />} />
  </Routes>
);
