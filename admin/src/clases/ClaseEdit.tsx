import { Labeled } from 'react-admin';
import { Box } from '@mui/material';
import { EditConVersion } from '../common/versiones/EditConVersion';
import { Historial } from '../common/versiones/Historial';
import { ClaseForm } from './ClaseForm';

const ClaseEdit = () => (
  <EditConVersion>
    <ClaseForm />
    <Box sx={{ px: 2, pb: 2 }}>
      <Labeled label="aula.secciones.historial" fullWidth>
        <Historial />
      </Labeled>
    </Box>
  </EditConVersion>
);

export default ClaseEdit;
