import { Datagrid, ReferenceField, ReferenceManyField, SelectField, TextField } from 'react-admin';
import { Box } from '@mui/material';
import { ClaseSimpleList } from '../clases/ClaseSimpleList';
import { choicesDe } from '../common/formato/choices';
import { CreateRelatedButton } from '../common/acciones/CreateRelatedButton';
import { ResponsiveList } from '../common/listas/ResponsiveList';
import type { SinEtiqueta } from '../common/formato/SinEtiqueta';
import { Vacio } from '../common/listas/Vacio';
import { paginada } from '../common/listas/paginada';

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
