// The login screen (docs/arquitectura.md §5) in plain React and login.css, without MUI or react-admin, so
// /login loads in an instant; it looks like MUI's outlined fields, card and contained button.
// Where it leads is the caller's: main.tsx before the admin is loaded, LoginPage inside it.
// An account with a second factor gives its code here too (PasoCodigo), and one that must have
// it enrols here (PasoAlta) before the admin opens. «¿Has olvidado tu contraseña?» asks for a
// link on the same card (Olvido).
import { type FormEvent, useState } from 'react';
import { config } from '../config';
import { aulaShell } from '../providers/i18n/aula';
import { Campo } from './Campo';
import { Olvido } from './Olvido';
import { PasoAlta } from './PasoAlta';
import { PasoCodigo } from './PasoCodigo';
import { useEntrar } from './useEntrar';
import './login.css';

const textos = aulaShell.login;

export interface LoginProps {
  /** Where to go once signed in. */
  destino: string;
  /** Goes there; the button keeps showing progress until it has. */
  alEntrar: (destino: string) => void | Promise<void>;
  /** Called once, when the administrator starts typing: time to fetch the admin. */
  preload?: () => void;
}

export const Login = ({ destino, alEntrar, preload }: LoginProps) => {
  const [usuario, setUsuario] = useState('');
  const [pass, setPass] = useState('');
  const { login: iniciar, error, enviando, paso, setPaso } = useEntrar({ conPasos: true });
  const [precargado, setPrecargado] = useState(false);
  const [olvido, setOlvido] = useState(false);

  const start = () => {
    if (precargado) return;
    setPrecargado(true);
    preload?.();
  };

  const login = (event: FormEvent) => {
    event.preventDefault();
    void iniciar({ usuario, pass }, () => alEntrar(destino));
  };

  // After the right password, the step the account still owes, on this same card.
  if (paso === 'codigo') return <PasoCodigo alCompletar={(siguiente) => (siguiente ? setPaso(siguiente) : alEntrar(destino))} />;
  if (paso === 'enrolar') return <PasoAlta alCompletar={() => alEntrar(destino)} />;
  if (olvido) return <Olvido alVolver={() => setOlvido(false)} />;

  return (
    <div className="login">
      <main className="login-tarjeta">
        <form onSubmit={login} onInput={start} onPointerDown={start} noValidate autoComplete="off">
          <span className="login-producto">{config.productName}</span>
          <h1>{textos.titulo}</h1>
          <Campo label={textos.usuario} value={usuario} onChange={setUsuario} autoComplete="off" autoFocus />
          <Campo
            label={textos.contrasena}
            type="password"
            value={pass}
            onChange={setPass}
            // "new-password" is the value browsers honour to not refill a stored password.
            autoComplete="new-password"
          />
          <button type="submit" disabled={enviando}>
            {enviando && <span className="login-progreso" role="progressbar" aria-label={aulaShell.cargando} />}
            {textos.entrar}
          </button>
          <button type="button" className="login-enlace" onClick={() => setOlvido(true)}>
            {textos.olvidado}
          </button>
          {/* Always laid out, so the card does not jump when a message appears. */}
          <p role="alert">{error}</p>
        </form>
      </main>
    </div>
  );
};
