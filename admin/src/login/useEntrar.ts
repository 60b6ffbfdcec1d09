// Signing in from a form, for the login screen and the «Tu sesión ha caducado» dialog alike:
// progress on the button, no second submit while one is on its way, and the refusal in the
// login screen's words («login incorrecto», or the server's «try again in…»). A right password
// may leave a step to take (the second factor's code, or enrolling in it): `paso` says which.
import { useState } from 'react';
import { aulaShell } from '../providers/i18n/aula';
import { type Credenciales, type Paso, startSesion } from '../providers/sesion';

export function useEntrar({ conPasos = false }: { conPasos?: boolean } = {}) {
  const [error, setError] = useState('');
  const [enviando, setEnviando] = useState(false);
  const [paso, setPaso] = useState<Paso | null>(null);

  /** Signs in, then runs `despues` while the button still shows progress. */
  const login = async (credenciales: Credenciales, despues: () => void | Promise<void>) => {
    if (enviando) return;
    setEnviando(true);
    setError('');
    let siguiente: Paso | null;
    try {
      siguiente = await startSesion(credenciales);
    } catch (e) {
      setError(e instanceof Error ? e.message : aulaShell.login.incorrecto);
      setEnviando(false);
      return;
    }
    if (siguiente) {
      setEnviando(false);
      // Only the login page can take the step; elsewhere, say where to go.
      if (conPasos) setPaso(siguiente);
      else setError(aulaShell.login.pasoPendiente);
      return;
    }
    await despues();
  };

  return { login, error, setError, enviando, setEnviando, paso, setPaso };
}
