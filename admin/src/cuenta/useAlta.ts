// Enrolling in the second factor, step by step, for the login page and Mi cuenta alike: ask for
// a QR, confirm it with a code (and the password, when the API asks for it), and hold the
// recovery codes only while they are shown.
import { useRef, useState } from 'react';
import { aulaShell } from '../providers/i18n/aula';
import { RechazoConCampos } from './api';
import { type Alta, confirmAlta, requestAlta } from './segundoFactor';

/** A refusal's reason: next to the password field when it is about the password, else for the form. */
export const motivoDe = (e: unknown): { error: string; errorPass: string } => {
  const enCampo = e instanceof RechazoConCampos ? (e.campos.pass ?? '') : '';
  return { error: enCampo ? '' : e instanceof Error ? e.message : aulaShell.segundoFactor.fallo, errorPass: enCampo };
};

export function useAlta() {
  const [alta, setAlta] = useState<Alta | null>(null);
  const [codigos, setCodigos] = useState<string[] | null>(null);
  const [error, setError] = useState('');
  const [errorPass, setErrorPass] = useState('');
  const [enviando, setEnviando] = useState(false);
  // One request for a QR at a time: a second would replace the secret of the one on screen.
  const pidiendo = useRef(false);

  const start = async () => {
    if (pidiendo.current) return;
    pidiendo.current = true;
    setError('');
    setErrorPass('');
    setCodigos(null);
    try {
      setAlta(await requestAlta());
    } catch (e) {
      setError(e instanceof Error ? e.message : aulaShell.segundoFactor.fallo);
    } finally {
      pidiendo.current = false;
    }
  };

  /** True once the code (and the password, if asked) was right: the recovery codes are then in `codigos`. */
  const confirm = async (codigo: string, pass?: string): Promise<boolean> => {
    if (enviando) return false;
    setEnviando(true);
    setError('');
    setErrorPass('');
    try {
      setCodigos((await confirmAlta(codigo, alta?.pideContrasena ? (pass ?? '') : undefined)).codigosRecuperacion);
      setAlta(null);
      return true;
    } catch (e) {
      const motivo = motivoDe(e);
      setError(motivo.error);
      setErrorPass(motivo.errorPass);
      return false;
    } finally {
      setEnviando(false);
    }
  };

  /** Forgets the codes once the account says it has kept them. */
  const finish = () => {
    setCodigos(null);
    setAlta(null);
  };

  return { alta, pideContrasena: alta?.pideContrasena === true, codigos, error, errorPass, enviando, start, confirm, finish };
}
