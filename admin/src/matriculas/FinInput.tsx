import type { InputProps } from 'react-admin';
import { finDelDia, formatDia, parseFecha } from '../common/formato/dates';
import { TextoLeidoInput, type Lectura } from '../common/formularios/TextoLeidoInput';

/** «Hasta el 31/12/2026» includes that day: its last instant, in the browser's zone. Empty: for ever. */
const readFin = (text: string): Lectura => {
  const leida = parseFecha(text, { hora: false });
  return 'error' in leida ? { error: `aula.validacion.fecha.${leida.error}` } : { value: leida.fecha && finDelDia(leida.fecha).toISOString() };
};

/** The last day of a matrícula's access, typed dd/mm/aaaa; left empty, it never ends. */
export const FinInput = (props: InputProps) => (
  <TextoLeidoInput toText={formatDia} read={readFin} placeholder="aula.formato.dia" inputMode="numeric" helperText="aula.matriculas.hastaAyuda" {...props} />
);
