import { Typography } from '@mui/material';
import { type FieldProps, useFieldValue, useGetResourceLabel } from 'react-admin';

/** The entry's recurso as the menu and the pages name it: «Categoría», not the route «categorias». */
export const RecursoField = (props: FieldProps) => {
  const recurso = useFieldValue(props);
  const getResourceLabel = useGetResourceLabel();
  if (recurso == null) return null;
  return (
    <Typography component="span" variant="body2">
      {getResourceLabel(String(recurso), 1)}
    </Typography>
  );
};
