import { DateInput, type DateInputProps, DateTimeInput, type DateTimeInputProps } from 'react-admin';
import { endOfDayIso, localToIso, startOfDayIso } from './dates';

/** A date-time the API receives as ISO UTC, not as the input's zone-less local text. */
export const FechaHoraInput = (props: DateTimeInputProps) => <DateTimeInput parse={localToIso} {...props} />;

/** Filter "from" a day (source `<campo>_gte`), inclusive from its first instant. */
export const DesdeInput = (props: DateInputProps) => <DateInput parse={startOfDayIso} {...props} />;

/** Filter "up to" a day (source `<campo>_lte`), inclusive to its last instant. */
export const HastaInput = (props: DateInputProps) => <DateInput parse={endOfDayIso} {...props} />;

/** The pair of list filters for a date range on `campo`: `<campo>_gte` and `<campo>_lte`. */
export const filtrosDeFecha = (campo: string) => [
  <DesdeInput source={`${campo}_gte`} key={`${campo}_gte`} />,
  <HastaInput source={`${campo}_lte`} key={`${campo}_lte`} />,
];
