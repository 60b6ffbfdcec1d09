import { DateField, type DateFieldProps } from 'react-admin';

// Spelled out rather than dateStyle 'short', which writes a two-digit year («5/3/26»).
const formato: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** A date-time as people in Spain write it, and as the date inputs take it: 05/03/2026, 14:30. */
export const DateTimeField = (props: DateFieldProps) => <DateField showTime locales="es-ES" options={formato} {...props} />;

const formatoDia: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };

/** A day, where the hour says nothing (an invoice's date of operation): 05/03/2026. */
export const DiaField = (props: DateFieldProps) => <DateField locales="es-ES" options={formatoDia} {...props} />;
