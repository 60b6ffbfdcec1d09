import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './App';
import { config } from './config';

document.title = `${config.productName} · Admin`;

// A data router, not <BrowserRouter>: navigation blocking needs one, and without it react-admin's
// «unsaved changes» warning silently does nothing. App keeps its own <Routes> under the splat.
const router = createBrowserRouter([{ path: '*', element: <App /> }]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
