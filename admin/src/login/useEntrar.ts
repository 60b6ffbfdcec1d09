// Signing in from a form, for the login screen and the «Tu sesión ha caducado» dialog alike:
// progress on the button, no second submit while one is on its way, and the refusal in the
// login screen's words («login incorrecto», or the server's «try again in…»).
import { useState } from 'react';
import { aulaShell } from '../providers/i18n/aula';
import { type Credenciales, startSesion } from '../providers/sesion';

export function useEntrar() {
  const [error, setError] = useState('');
  const [enviando, setEnviando] = useState(false);

  /** Signs in, then runs `despues` while the button still shows progress. */
  const entrar = async (credenciales: Credenciales, despues: () => void | Promise<void>) => {
    if (enviando) return;
    setEnviando(true);
    setError('');
    try {
      await startSesion(credenciales);
    } catch (e) {
      setError(e instanceof Error ? e.message : aulaShell.login.incorrecto);
      setEnviando(false);
      return;
    }
    await despues();
  };

  return { entrar, error, setError, enviando, setEnviando };
}
