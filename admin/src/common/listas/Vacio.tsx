import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** What a related list says when it has nothing to show (`mensaje` is a translation key). */
export const Vacio = ({ mensaje }: { mensaje: string }) => (
  <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
    {useTranslate()(mensaje)}
  </Typography>
);
