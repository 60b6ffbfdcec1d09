// «¿Has olvidado tu contraseña?» on the login's light card: a usuario or an email, and then the
// same confirmation whatever the API found (it answers the same for any account, and queues the
// message after answering). Only a refusal to ask at all (too many requests) is said as such.
import { type FormEvent, useState } from 'react';
import { callApi, readError } from '../providers/api';
import { aulaShell } from '../providers/i18n/aula';
import { Tarjeta } from './Tarjeta';
import { Campo } from './Campo';

const textos = aulaShell.login.olvido;

export const Olvido = ({ alVolver }: { alVolver: () => void }) => {
  const [usuario, setUsuario] = useState('');
  const [error, setError] = useState('');
  const [enviando, setEnviando] = useState(false);
  const [enviado, setEnviado] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (enviando || !usuario.trim()) return;
    setEnviando(true);
    setError('');
    try {
      const r = await callApi('/logins/olvido', { method: 'POST', body: { usuario: usuario.trim() } });
      if (r.ok) setEnviado(true);
      else setError((await readError(r)).message);
    } catch {
      setError(textos.fallo);
    }
    setEnviando(false);
  };

  return (
    <Tarjeta titulo={textos.titulo} onSubmit={send}>
      {enviado ? (
        <p className="login-texto" role="status">
          {textos.enviado}
        </p>
      ) : (
        <>
          <p className="login-texto">{textos.texto}</p>
          <Campo label={textos.campo} value={usuario} onChange={setUsuario} autoComplete="username" autoFocus />
          <button type="submit" disabled={enviando}>
            {enviando && <span className="login-progreso" role="progressbar" aria-label={aulaShell.cargando} />}
            {textos.enviar}
          </button>
        </>
      )}
      <button type="button" className="login-enlace" onClick={alVolver}>
        {textos.volver}
      </button>
      <p role="alert">{error}</p>
    </Tarjeta>
  );
};
