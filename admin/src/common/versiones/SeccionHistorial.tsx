// The record's history under its form, where the edit page has no tabs (clases, categorías, usuarios).
import { Box } from '@mui/material';
import { Labeled } from 'react-admin';
import { Historial } from './Historial';

export const SeccionHistorial = () => (
  <Box sx={{ px: 2, pb: 2, width: '100%' }}>
    <Labeled label="aula.secciones.historial" fullWidth>
      <Historial />
    </Labeled>
  </Box>
);
