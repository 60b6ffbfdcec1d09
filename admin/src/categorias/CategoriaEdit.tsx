import { Datagrid, Labeled, ReferenceManyField, SelectField, TextField } from 'react-admin';
import { choicesDe } from '../common/formato/choices';
import { MoneyField } from '../common/formato/MoneyField';
import { ResponsiveList } from '../common/listas/ResponsiveList';
import { Vacio } from '../common/listas/Vacio';
import { paginada } from '../common/listas/paginada';
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
