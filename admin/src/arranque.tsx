// The admin's own entry, a separate chunk: the router, react-admin and MUI. main.tsx loads it
// once the administrator is signed in (and fetches it while they type on the login screen).
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './App';

/** Takes over the page from wherever the browser is (history included). */
export function mountAdmin(root: Root): void {
  // A data router, not <BrowserRouter>: navigation blocking needs one, and without it
  // react-admin's «unsaved changes» warning silently does nothing. App keeps its own <Routes>.
  const router = createBrowserRouter([{ path: '*', element: <App /> }]);
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
