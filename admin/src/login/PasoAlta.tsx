// Enrolment before the admin opens, for an account whose role must have the second factor
// (MFA_ROLES): the API lets its session do nothing else. Same light card as the login. Right
// after the password the API binds the phone without asking it again; a session sent here by a
// new role was not proved just now, and the card asks for the password too.
import { type FormEvent, useEffect, useState } from 'react';
import { config } from '../config';
import { claveDe } from '../cuenta/segundoFactor';
import { useAlta } from '../cuenta/useAlta';
import { aulaShell } from '../providers/i18n/aula';
import { completeTrasAlta } from '../providers/sesion';
import { Campo, CampoCodigo } from './Campo';
// Also drawn by App after a new password, where the login screen's sheet may not be loaded yet.
import './login.css';

const textos = aulaShell.segundoFactor;

export const PasoAlta = ({ alCompletar }: { alCompletar: () => void | Promise<void> }) => {
  const { alta, pideContrasena, codigos, error, errorPass, enviando, start, confirm } = useAlta();
  const [codigo, setCodigo] = useState('');
  const [pass, setPass] = useState('');
  const [saliendo, setSaliendo] = useState(false);
  const [errorFinal, setErrorFinal] = useState('');

  useEffect(() => {
    void start();
    // Once, on arrival: asking again would replace the QR already scanned.
  }, []);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await confirm(codigo, pass))) setCodigo('');
  };

  const guardados = async (event: FormEvent) => {
    event.preventDefault();
    setSaliendo(true);
    try {
      await completeTrasAlta();
      await alCompletar();
    } catch (e) {
      setErrorFinal(e instanceof Error ? e.message : textos.fallo);
      setSaliendo(false);
    }
  };

  return (
    <div className="login">
      <main className="login-tarjeta">
        {codigos ? (
          <form onSubmit={guardados} noValidate>
            <span className="login-producto">{config.productName}</span>
            <h1>{textos.recuperacionTitulo}</h1>
            <p className="login-texto">{textos.recuperacionTexto}</p>
            <ul className="login-codigos" aria-label={textos.recuperacionTitulo}>
              {codigos.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            <button type="submit" disabled={saliendo}>
              {saliendo && <span className="login-progreso" role="progressbar" aria-label={aulaShell.cargando} />}
              {textos.guardados}
            </button>
            <p role="alert">{errorFinal}</p>
          </form>
        ) : (
          <form onSubmit={verify} noValidate autoComplete="off">
            <span className="login-producto">{config.productName}</span>
            <h1>{textos.titulo}</h1>
            <p className="login-texto">
              {textos.obligatoria} {textos.escanear}
            </p>
            {alta && (
              <>
                <img className="login-qr" src={alta.qr} alt={textos.qr} width={200} height={200} />
                <p className="login-texto">{textos.clave}</p>
                <p className="login-clave" data-uri={alta.uri}>
                  {claveDe(alta.uri)}
                </p>
              </>
            )}
            <CampoCodigo label={textos.codigo} value={codigo} onChange={setCodigo} />
            {pideContrasena && (
              <>
                <p className="login-texto">{textos.contrasenaAlta}</p>
                <Campo label={textos.contrasena} type="password" value={pass} onChange={setPass} autoComplete="current-password" />
              </>
            )}
            <button type="submit" disabled={enviando || !alta}>
              {enviando && <span className="login-progreso" role="progressbar" aria-label={aulaShell.cargando} />}
              {textos.verificar}
            </button>
            <p role="alert">{errorPass || error}</p>
          </form>
        )}
      </main>
    </div>
  );
};
