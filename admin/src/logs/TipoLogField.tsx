import { Typography } from '@mui/material';
import { type FieldProps, useFieldValue, useTranslate } from 'react-admin';
import { claveDeValor } from '../common/formato/choices';

/** The entry's tipo in words when it is one the API writes, as recorded otherwise. */
export const TipoLogField = (props: FieldProps) => {
  const tipo = useFieldValue(props);
  const translate = useTranslate();
  if (tipo == null) return null;
  return (
    <Typography component="span" variant="body2">
      {translate(claveDeValor('logs', 'tipo', tipo), { _: String(tipo) })}
    </Typography>
  );
};
