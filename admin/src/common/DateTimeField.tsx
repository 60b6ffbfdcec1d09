import { DateField, type DateFieldProps } from 'react-admin';

const formato: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };

/** A date-time as people in Spain write it: 05/03/2026, 14:30. */
export const DateTimeField = (props: DateFieldProps) => (
  <DateField showTime locales="es-ES" options={formato} {...props} />
);
