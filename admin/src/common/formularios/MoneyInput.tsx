import { InputAdornment } from '@mui/material';
import type { InputProps } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { centimosToText, parseImporte } from '../formato/money';
import { TextoLeidoInput, type Lectura } from './TextoLeidoInput';

const read = (text: string): Lectura => {
  const leido = parseImporte(text);
  return 'error' in leido ? { error: `aula.validacion.importe.${leido.error}` } : { value: leido.centimos };
};

/** An amount typed the Spanish way («49,90», «1.234,56») and stored as integer céntimos. */
export const MoneyInput = (props: InputProps) => {
  const moneda = useWatch({ name: 'moneda' }) as string | undefined;
  return (
    <TextoLeidoInput
      toText={centimosToText}
      read={read}
      inputMode="decimal"
      endAdornment={<InputAdornment position="end">{moneda || 'EUR'}</InputAdornment>}
      {...props}
    />
  );
};
