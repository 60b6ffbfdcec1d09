import { Datagrid, Labeled, ReferenceManyField, SelectField, TextField } from 'react-admin';
import { choicesDe } from '../common/choices';
import { MoneyField } from '../common/MoneyField';
import { ResponsiveList } from '../common/ResponsiveList';
import { Vacio } from '../common/Vacio';
import { paginada } from '../common/paginada';
import { CursoSimpleList } from '../cursos/CursoSimpleList';
import { CategoriaForm } from './CategoriaForm';
import { DialogoConflicto } from '../common/versiones/DialogoConflicto';
import { EditConVersion } from '../common/versiones/EditConVersion';
import { SeccionHistorial } from '../common/versiones/SeccionHistorial';

const CursosDeLaCategoria = () => (
  <Labeled label="aula.secciones.cursosDeLaCategoria" fullWidth>
    <ReferenceManyField
      reference="cursos"
      target="categoriaId"
      sort={{ field: 'titulo', order: 'ASC' }}
      empty={<Vacio mensaje="aula.vacio.cursosDeLaCategoria" />}
      {...paginada}
    >
      <ResponsiveList small={<CursoSimpleList />}>
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="titulo" />
          <SelectField source="nivel" choices={choicesDe('cursos', 'nivel')} />
          <SelectField source="estado" choices={choicesDe('cursos', 'estado')} />
          <MoneyField source="precio" textAlign="right" />
        </Datagrid>
      </ResponsiveList>
    </ReferenceManyField>
  </Labeled>
);

const CategoriaEdit = () => (
  <EditConVersion>
    <CategoriaForm>
      <DialogoConflicto />
      <CursosDeLaCategoria />
    </CategoriaForm>
    <SeccionHistorial />
  </EditConVersion>
);

export default CategoriaEdit;
