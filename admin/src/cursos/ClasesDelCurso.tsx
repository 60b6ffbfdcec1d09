import { BooleanField, Datagrid, NumberField, ReferenceManyField, SelectField, SimpleList, TextField } from 'react-admin';
import { Box } from '@mui/material';
import { DuracionField } from '../clases/DuracionField';
import { estadoClaseChoices } from '../common/choices';
import { CreateRelatedButton } from '../common/CreateRelatedButton';
import { ResponsiveList } from '../common/ResponsiveList';
import { Terciario } from '../common/Terciario';
import { Vacio } from '../common/Vacio';

/** The curso's clases in the order students take them, and a way to add one. */
export const ClasesDelCurso = () => (
  <Box sx={{ width: '100%' }}>
    <ReferenceManyField
      reference="clases"
      target="cursoId"
      sort={{ field: 'orden', order: 'ASC' }}
      perPage={500}
      empty={<Vacio mensaje="aula.vacio.clasesDelCurso" />}
    >
      <ResponsiveList
        small={
          <SimpleList
            primaryText={(r) => `${r.orden}. ${r.titulo}`}
            secondaryText={<DuracionField source="duracion" />}
            tertiaryText={<Terciario><SelectField source="estado" choices={estadoClaseChoices} /></Terciario>}
            linkType="edit"
          />
        }
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <NumberField source="orden" />
          <TextField source="titulo" />
          <DuracionField source="duracion" />
          <BooleanField source="gratuita" />
          <SelectField source="estado" choices={estadoClaseChoices} />
        </Datagrid>
      </ResponsiveList>
    </ReferenceManyField>
    <CreateRelatedButton resource="clases" target="cursoId" label="aula.acciones.anadirClase" />
  </Box>
);
