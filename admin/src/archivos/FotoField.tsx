import { type FieldProps, useFieldValue } from 'react-admin';
import { urlDeArchivo } from './archivo';
import { VistaFoto } from './Vistas';

/** A record's photo on its page, at preview size. */
export const FotoField = (props: FieldProps) => {
  const value = useFieldValue(props);
  return typeof value === 'string' && value ? <VistaFoto src={urlDeArchivo(value)} /> : null;
};
