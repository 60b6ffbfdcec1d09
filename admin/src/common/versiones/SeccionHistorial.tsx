// The record's history under its form, where the edit page has no tabs (clases, categorías, usuarios).
import { Box } from '@mui/material';
import { Labeled } from 'react-admin';
import { Historial } from './Historial';

// On a phone the form's toolbar is fixed at the bottom: room below, so the last «Restaurar» is not under it.
export const SeccionHistorial = () => (
  <Box sx={{ px: 2, pb: { xs: 10, sm: 2 }, width: '100%' }}>
    <Labeled label="aula.secciones.historial" fullWidth>
      <Historial />
    </Labeled>
  </Box>
);
