// «Código de verificación»: the login's second step for an account with the second factor, on
// the same light card. A code of the app, or one of the recovery codes when the phone is not at
// hand; the API spends either once and counts wrong ones as failed logins.
import { type FormEvent, useState } from 'react';
import { aulaShell } from '../providers/i18n/aula';
import { submitCodigo, type Paso } from '../providers/sesion';
import { Tarjeta } from './Tarjeta';
import { Campo, CampoCodigo } from './Campo';

const textos = aulaShell.login.codigo;

export const PasoCodigo = ({ alCompletar }: { alCompletar: (siguiente: Paso | null) => void | Promise<void> }) => {
  const [codigo, setCodigo] = useState('');
  const [recuperacion, setRecuperacion] = useState(false);
  const [error, setError] = useState('');
  const [enviando, setEnviando] = useState(false);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (enviando) return;
    setEnviando(true);
    setError('');
    let siguiente: Paso | null;
    try {
      siguiente = await submitCodigo(codigo);
    } catch (e) {
      setError(e instanceof Error ? e.message : textos.incorrecto);
      setCodigo('');
      setEnviando(false);
      return;
    }
    await alCompletar(siguiente);
  };

  const toggleModo = () => {
    setRecuperacion(!recuperacion);
    setCodigo('');
    setError('');
  };

  return (
    <Tarjeta titulo={textos.titulo} onSubmit={verify}>
      <p className="login-texto">{recuperacion ? textos.textoRecuperacion : textos.texto}</p>
      {recuperacion ? (
        <Campo key="recuperacion" label={textos.campoRecuperacion} value={codigo} onChange={setCodigo} autoComplete="off" autoFocus />
      ) : (
        <CampoCodigo key="app" label={textos.campo} value={codigo} onChange={setCodigo} />
      )}
      <button type="submit" disabled={enviando}>
        {enviando && <span className="login-progreso" role="progressbar" aria-label={aulaShell.cargando} />}
        {textos.verificar}
      </button>
      <button type="button" className="login-enlace" onClick={toggleModo}>
        {recuperacion ? textos.usarAplicacion : textos.usarRecuperacion}
      </button>
      <p role="alert">{error}</p>
    </Tarjeta>
  );
};
