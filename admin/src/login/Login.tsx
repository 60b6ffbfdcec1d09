// The login screen (docs/arquitectura.md §5) in plain React and login.css, without MUI or react-admin, so
// /login loads in an instant; it looks like MUI's outlined fields, card and contained button.
// Where it leads is the caller's: main.tsx before the admin is loaded, LoginPage inside it.
import { type FormEvent, useId, useState } from 'react';
import { config } from '../config';
import { aulaShell } from '../providers/i18n/aula';
import { useEntrar } from './useEntrar';
import './login.css';

const textos = aulaShell.login;

interface CampoProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  autoComplete: string;
  autoFocus?: boolean;
}

/** A labelled outlined field: the label sits in the border once the field has focus or a value. */
const Campo = ({ label, value, onChange, ...props }: CampoProps) => {
  const id = useId();
  return (
    <div className={value ? 'campo campo-lleno' : 'campo'}>
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} onChange={(e) => onChange(e.target.value)} {...props} />
      {/* The gap in the border the floating label sits in, as wide as the label. */}
      <fieldset aria-hidden="true">
        <legend>
          <span>{label}</span>
        </legend>
      </fieldset>
    </div>
  );
};

export interface LoginProps {
  /** Where to go once signed in. */
  destino: string;
  /** Goes there; the button keeps showing progress until it has. */
  alEntrar: (destino: string) => void | Promise<void>;
  /** Called once, when the administrator starts typing: time to fetch the admin. */
  precargar?: () => void;
}

export const Login = ({ destino, alEntrar, precargar }: LoginProps) => {
  const [usuario, setUsuario] = useState('');
  const [pass, setPass] = useState('');
  const { entrar: iniciar, error, enviando } = useEntrar();
  const [precargado, setPrecargado] = useState(false);

  const empezar = () => {
    if (precargado) return;
    setPrecargado(true);
    precargar?.();
  };

  const entrar = (event: FormEvent) => {
    event.preventDefault();
    void iniciar({ usuario, pass }, () => alEntrar(destino));
  };

  return (
    <div className="login">
      <main className="login-tarjeta">
        <form onSubmit={entrar} onInput={empezar} onPointerDown={empezar} noValidate autoComplete="off">
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
            {enviando && <span className="login-progreso" role="progressbar" />}
            {textos.entrar}
          </button>
          {/* Always laid out, so the card does not jump when a message appears. */}
          <p role="alert">{error}</p>
        </form>
      </main>
    </div>
  );
};
