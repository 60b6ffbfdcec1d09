import { Datagrid, ReferenceField, ReferenceManyField, SelectField, TextField } from 'react-admin';
import { Box } from '@mui/material';
import { ClaseSimpleList } from '../clases/ClaseSimpleList';
import { choicesDe } from '../common/choices';
import { CreateRelatedButton } from '../common/CreateRelatedButton';
import { ResponsiveList } from '../common/ResponsiveList';
import type { SinEtiqueta } from '../common/SinEtiqueta';
import { Vacio } from '../common/Vacio';
import { paginada } from '../common/paginada';

/** Clases that belong to this usuario alone (usuarioId set), and a way to add one. */
export const ClasesPrivadas = (_props: SinEtiqueta) => (
  <Box sx={{ width: '100%' }}>
    <ReferenceManyField
      reference="clases"
      target="usuarioId"
      sort={{ field: 'orden', order: 'ASC' }}
      empty={<Vacio mensaje="aula.vacio.clasesPrivadas" />}
      {...paginada}
    >
      <ResponsiveList small={<ClaseSimpleList />}>
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="titulo" />
          <ReferenceField source="cursoId" reference="cursos" link={false} />
          <SelectField source="estado" choices={choicesDe('clases', 'estado')} />
        </Datagrid>
      </ResponsiveList>
    </ReferenceManyField>
    <CreateRelatedButton resource="clases" target="usuarioId" label="aula.acciones.anadirClasePrivada" />
  </Box>
);
