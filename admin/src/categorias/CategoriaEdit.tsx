import { Datagrid, Edit, Labeled, ReferenceManyField, SelectField, TextField } from 'react-admin';
import { choicesDe } from '../common/choices';
import { MoneyField } from '../common/MoneyField';
import { ResponsiveList } from '../common/ResponsiveList';
import { Vacio } from '../common/Vacio';
import { paginada } from '../common/paginada';
import { CursoSimpleList } from '../cursos/CursoSimpleList';
import { CategoriaForm } from './CategoriaForm';

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
  <Edit mutationMode="pessimistic">
    <CategoriaForm>
      <CursosDeLaCategoria />
    </CategoriaForm>
  </Edit>
);

export default CategoriaEdit;
