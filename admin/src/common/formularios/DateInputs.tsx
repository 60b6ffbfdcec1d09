import type { InputProps } from 'react-admin';
import { finDelDia, formatDia, formatDiaHora, inicioDelDia, parseFecha } from '../formato/dates';
import { PeriodoFilter } from '../listas/PeriodoFilter';
import { TextoLeidoInput, type Lectura } from './TextoLeidoInput';

const reader =
  (hora: boolean, instant: (d: Date) => Date = (d) => d) =>
  (text: string): Lectura => {
    const leida = parseFecha(text, { hora });
    return 'error' in leida ? { error: `aula.validacion.fecha.${leida.error}` } : { value: leida.fecha && instant(leida.fecha).toISOString() };
  };

/** A date-time typed dd/mm/aaaa hh:mm, sent to the API as an ISO UTC instant. */
export const FechaHoraInput = (props: InputProps) => (
  <TextoLeidoInput toText={formatDiaHora} read={reader(true)} placeholder="aula.formato.diaHora" inputMode="numeric" {...props} />
);

/** Noon of a local day: the same calendar day in the business's zone from any browser within half a day of it. */
const mediodia = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate(), 12, 0, 0, 0);

/** A day typed dd/mm/aaaa where the hour means nothing (an invoice's date of operation), sent as its noon. */
export const DiaInput = (props: InputProps) => (
  <TextoLeidoInput toText={formatDia} read={reader(false, mediodia)} placeholder="aula.formato.dia" inputMode="numeric" {...props} />
);

/** Filter "from" a day (source `<campo>_gte`), inclusive from its first instant. */
export const DesdeInput = (props: InputProps) => (
  <TextoLeidoInput toText={formatDia} read={reader(false, inicioDelDia)} filter placeholder="aula.formato.dia" inputMode="numeric" {...props} />
);

/** Filter "up to" a day (source `<campo>_lte`), inclusive to its last instant. */
export const HastaInput = (props: InputProps) => (
  <TextoLeidoInput toText={formatDia} read={reader(false, finDelDia)} filter placeholder="aula.formato.dia" inputMode="numeric" {...props} />
);

/**
 * The list filters for a date range on `campo`: a «Periodo» preset always at hand, and the
 * `<campo>_gte`/`<campo>_lte` days it fills in (or the administrator types).
 */
export const filtrosDeFecha = (campo: string) => [
  <PeriodoFilter source={campo} alwaysOn key={`${campo}_periodo`} />,
  <DesdeInput source={`${campo}_gte`} key={`${campo}_gte`} />,
  <HastaInput source={`${campo}_lte`} key={`${campo}_lte`} />,
];
