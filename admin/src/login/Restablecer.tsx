// /restablecer and /invitacion: the link of a message (a password reset, an invitation) to choose
// a password, reached without a session, on the login's light card. The secret travels in the
// address's fragment, which no request carries (not even to this server): read once, it is taken
// out of the address bar and the history entry, and sent only in the body of
// POST /logins/restablecer. Saving signs nobody in: the person then enters at the login, where
// the second factor, if any, still applies.
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LONGITUD_MINIMA } from '../../../contrato/contrasena';
import { callApi, readError } from '../providers/api';
import { aulaShell } from '../providers/i18n/aula';
import { LOGIN_PATH } from '../providers/sesion';
import { Tarjeta } from './Tarjeta';
import { Campo } from './Campo';

const textos = aulaShell.login.restablecer;

type Tipo = 'restablecer' | 'invitacion';

/** What the API said next to a field (`/pass`), or overall. */
interface Errores {
  pass?: string;
  repetir?: string;
  general?: string;
}

const readSecreto = () => decodeURIComponent(window.location.hash.replace(/^#/, ''));

const Restablecer = ({ tipo }: { tipo: Tipo }) => {
  const navigate = useNavigate();
  const [secreto] = useState(readSecreto);
  const [pass, setPass] = useState('');
  const [repetir, setRepetir] = useState('');
  const [errores, setErrores] = useState<Errores>(() => (secreto ? {} : { general: textos.sinEnlace }));
  const [enviando, setEnviando] = useState(false);
  const [guardada, setGuardada] = useState(false);

  // Out of the address bar (and so out of the history and of any screenshot) once read.
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (enviando || !secreto) return;
    if (pass !== repetir) return setErrores({ repetir: textos.distintas });
    setEnviando(true);
    setErrores({});
    try {
      const r = await callApi('/logins/restablecer', { method: 'POST', body: { token: secreto, pass, tipo } });
      if (r.ok) setGuardada(true);
      else {
        const { message, body } = await readError(r);
        const details = typeof body === 'object' && Array.isArray(body?.error?.details) ? (body.error.details as { path?: string; message?: string }[]) : [];
        const enPass = details.find((d) => d.path === '/pass');
        setErrores(enPass ? { pass: enPass.message } : { general: message });
      }
    } catch {
      setErrores({ general: textos.fallo });
    }
    setEnviando(false);
  };

  return (
    <Tarjeta titulo={tipo === 'invitacion' ? textos.tituloInvitacion : textos.tituloRestablecer} onSubmit={save}>
      {guardada ? (
        <>
          <p className="login-texto" role="status">
            {textos.guardada}
          </p>
          <button type="button" onClick={() => navigate(LOGIN_PATH)}>
            {textos.entrar}
          </button>
        </>
      ) : (
        <>
          <p className="login-texto">{textos.texto.replace('%{n}', String(LONGITUD_MINIMA))}</p>
          <Campo label={textos.nueva} type="password" value={pass} onChange={setPass} autoComplete="new-password" autoFocus error={errores.pass} />
          <Campo label={textos.repetir} type="password" value={repetir} onChange={setRepetir} autoComplete="new-password" error={errores.repetir} />
          <button type="submit" disabled={enviando || !secreto}>
            {enviando && <span className="login-progreso" role="progressbar" aria-label={aulaShell.cargando} />}
            {textos.guardar}
          </button>
        </>
      )}
      <p role="alert">{errores.general}</p>
    </Tarjeta>
  );
};

export default Restablecer;
