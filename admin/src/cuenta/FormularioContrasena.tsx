// The current password, the new one twice, and the API's reasons next to each field: Mi cuenta's
// «Contraseña» and the «Elija una contraseña nueva» step share it. Plain MUI with its texts
// imported, as the step is drawn before react-admin.
import { type FormEvent, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { cuenta } from '../providers/i18n/cuenta';
import { changeContrasena, RechazoConCampos } from './api';

const textos = cuenta.contrasena;

interface Props {
  /** How the current password is named: «Contraseña temporal» after a reset. */
  etiquetaActual?: string;
  boton?: string;
  /** Once changed, with the step the session must still take (null: none). */
  alCambiar: (fase: string | null) => void | Promise<void>;
}

type Errores = Partial<Record<'actual' | 'nueva' | 'repetir' | 'general', string>>;

export const FormularioContrasena = ({ etiquetaActual = textos.actual, boton = textos.guardar, alCambiar }: Props) => {
  const [actual, setActual] = useState('');
  const [nueva, setNueva] = useState('');
  const [repetir, setRepetir] = useState('');
  const [errores, setErrores] = useState<Errores>({});
  const [enviando, setEnviando] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (enviando) return;
    const faltan: Errores = {};
    if (!actual) faltan.actual = textos.obligatoria;
    if (!nueva) faltan.nueva = textos.obligatoria;
    if (nueva && repetir !== nueva) faltan.repetir = textos.noCoinciden;
    setErrores(faltan);
    if (Object.keys(faltan).length) return;
    setEnviando(true);
    try {
      const { fase } = await changeContrasena(actual, nueva);
      setActual('');
      setNueva('');
      setRepetir('');
      await alCambiar(fase);
    } catch (e) {
      const campos = e instanceof RechazoConCampos ? e.campos : {};
      setErrores(Object.keys(campos).length ? campos : { general: e instanceof Error ? e.message : textos.fallo });
    } finally {
      setEnviando(false);
    }
  };

  const campo = (nombre: 'actual' | 'nueva' | 'repetir', label: string, value: string, set: (v: string) => void, autoComplete: string, ayuda?: string) => (
    <TextField
      label={label}
      type="password"
      value={value}
      onChange={(e) => set(e.target.value)}
      autoComplete={autoComplete}
      error={Boolean(errores[nombre])}
      helperText={errores[nombre] ?? ayuda ?? ' '}
      fullWidth
      margin="dense"
    />
  );

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ maxWidth: 420 }}>
      {campo('actual', etiquetaActual, actual, setActual, 'current-password')}
      {campo('nueva', textos.nueva, nueva, setNueva, 'new-password', textos.ayuda)}
      {campo('repetir', textos.repetir, repetir, setRepetir, 'new-password')}
      {errores.general && (
        <Box role="alert" sx={{ color: 'error.main', mb: 1 }}>
          {errores.general}
        </Box>
      )}
      <Button type="submit" variant="contained" disabled={enviando}>
        {boton}
      </Button>
    </Box>
  );
};
