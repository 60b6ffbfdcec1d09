import {
  Labeled,
  ReferenceField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
} from 'react-admin';
import { choicesDe } from '../common/formato/choices';
import { FotoField } from '../archivos/FotoField';
import { DateTimeField } from '../common/formato/DateTimeField';
import { MoneyField } from '../common/formato/MoneyField';
import { ClasesDelCurso } from './ClasesDelCurso';

const CursoShow = () => (
  <Show>
    <SimpleShowLayout>
      <TextField source="titulo" />
      <TextField source="descripcion" />
      <ReferenceField source="categoriaId" reference="categorias" />
      <MoneyField source="precio" />
      <SelectField source="nivel" choices={choicesDe('cursos', 'nivel')} />
      <SelectField source="estado" choices={choicesDe('cursos', 'estado')} />
      <FotoField source="foto" />
      <DateTimeField source="updatedAt" />
      <Labeled label="aula.secciones.clasesDelCurso" fullWidth>
        <ClasesDelCurso />
      </Labeled>
    </SimpleShowLayout>
  </Show>
);

export default CursoShow;
