// Enrolling in the second factor, step by step, for the login page and Mi cuenta alike: ask for
// a QR, confirm it with a code, and hold the recovery codes only while they are shown.
import { useRef, useState } from 'react';
import { aulaShell } from '../providers/i18n/aula';
import { type Alta, confirmarAlta, pedirAlta } from './segundoFactor';

export function useAlta() {
  const [alta, setAlta] = useState<Alta | null>(null);
  const [codigos, setCodigos] = useState<string[] | null>(null);
  const [error, setError] = useState('');
  const [enviando, setEnviando] = useState(false);
  // One request for a QR at a time: a second would replace the secret of the one on screen.
  const pidiendo = useRef(false);

  const empezar = async () => {
    if (pidiendo.current) return;
    pidiendo.current = true;
    setError('');
    setCodigos(null);
    try {
      setAlta(await pedirAlta());
    } catch (e) {
      setError(e instanceof Error ? e.message : aulaShell.segundoFactor.fallo);
    } finally {
      pidiendo.current = false;
    }
  };

  /** True once the code was right: the recovery codes are then in `codigos`. */
  const confirmar = async (codigo: string): Promise<boolean> => {
    if (enviando) return false;
    setEnviando(true);
    setError('');
    try {
      setCodigos((await confirmarAlta(codigo)).codigosRecuperacion);
      setAlta(null);
      return true;
    } catch (e) {
      setError(e instanceof Error ? e.message : aulaShell.segundoFactor.fallo);
      return false;
    } finally {
      setEnviando(false);
    }
  };

  /** Forgets the codes once the account says it has kept them. */
  const terminar = () => {
    setCodigos(null);
    setAlta(null);
  };

  return { alta, codigos, error, enviando, empezar, confirmar, terminar };
}
