import { ReferenceManyField } from 'react-admin';
import { Box } from '@mui/material';
import { CreateRelatedButton } from '../common/acciones/CreateRelatedButton';
import { Vacio } from '../common/listas/Vacio';
import { OrdenDeClases } from './OrdenDeClases';

/** The curso's clases in the order students take them, to reorder, open or add to (at the end). */
export const ClasesDelCurso = () => (
  <Box sx={{ width: '100%' }}>
    <ReferenceManyField
      reference="clases"
      target="cursoId"
      sort={{ field: 'orden', order: 'ASC' }}
      perPage={500}
      empty={<Vacio mensaje="aula.vacio.clasesDelCurso" />}
    >
      <OrdenDeClases />
    </ReferenceManyField>
    <CreateRelatedButton resource="clases" target="cursoId" label="aula.acciones.anadirClase" />
  </Box>
);
