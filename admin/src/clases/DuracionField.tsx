import { Typography } from '@mui/material';
import { type FieldProps, useFieldValue } from 'react-admin';
import { formatDuracion } from './duracion';

/** A duration stored in seconds, shown as a video player shows it (h:mm:ss or m:ss). */
export const DuracionField = (props: FieldProps) => {
  const value = useFieldValue(props);
  if (typeof value !== 'number') return null;
  return (
    <Typography component="span" variant="body2">
      {formatDuracion(value)}
    </Typography>
  );
};
