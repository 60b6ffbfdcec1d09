// A day of the period typed dd/mm/aaaa, whatever language the browser speaks (its date field
// shows mm/dd/yyyy to some). The period itself keeps days as 'yyyy-mm-dd'.
import { TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { diaIso, parseFecha } from '../common/formato/dates';

const aTexto = (dia: string) => dia.split('-').reverse().join('/');

/** The typed text as a 'yyyy-mm-dd' day, or undefined while it is not one. */
function parseDia(texto: string): string | undefined {
  const leida = parseFecha(texto, { hora: false });
  return 'fecha' in leida && leida.fecha ? diaIso(leida.fecha) : undefined;
}

interface Props {
  label: string;
  dia: string;
  onChange: (dia: string) => void;
}

export function CampoDia({ label, dia, onChange }: Props) {
  const translate = useTranslate();
  const [texto, setTexto] = useState(aTexto(dia));
  const [dejado, setDejado] = useState(false);
  // A preset or the other bound moved this day: show it.
  useEffect(() => setTexto(aTexto(dia)), [dia]);
  const ilegible = dejado && parseDia(texto) === undefined;
  return (
    <TextField
      size="small"
      label={label}
      value={texto}
      placeholder={translate('aula.formato.dia')}
      onChange={(e) => {
        setTexto(e.target.value);
        setDejado(false);
        const leido = parseDia(e.target.value);
        if (leido && leido !== dia) onChange(leido);
      }}
      onBlur={() => setDejado(true)}
      error={ilegible}
      helperText={ilegible ? translate('aula.validacion.fecha.dia') : undefined}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
      sx={{ width: '11rem' }}
    />
  );
}
