import {
  Labeled,
  NumberField,
  ReferenceField,
  SelectField,
  Show,
  TabbedShowLayout,
  TextField,
  useCanAccess,
} from 'react-admin';
import { choicesDe } from '../common/formato/choices';
import { FotoField } from '../archivos/FotoField';
import { DateTimeField } from '../common/formato/DateTimeField';
import { MoneyField } from '../common/formato/MoneyField';
import { MatriculasRelacionadas } from '../matriculas/MatriculasRelacionadas';
import { ClasesDelCurso } from './ClasesDelCurso';

const CursoShow = () => {
  const { canAccess: leeMatriculas } = useCanAccess({ action: 'list', resource: 'matriculas' });
  return (
    <Show>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="aula.secciones.datos">
          <TextField source="titulo" />
          <TextField source="descripcion" />
          <ReferenceField source="categoriaId" reference="categorias" />
          <MoneyField source="precio" />
          <SelectField source="nivel" choices={choicesDe('cursos', 'nivel')} />
          <SelectField source="estado" choices={choicesDe('cursos', 'estado')} />
          {/* None: a purchase gives access for ever. */}
          <NumberField source="accesoDias" emptyText="aula.matriculas.sinFin" />
          <FotoField source="foto" />
          <DateTimeField source="updatedAt" />
          <Labeled label="aula.secciones.clasesDelCurso" fullWidth>
            <ClasesDelCurso />
          </Labeled>
        </TabbedShowLayout.Tab>
        {/* Who may watch it and until when (docs/arquitectura.md §22); the editor reads it too. */}
        {leeMatriculas && (
          <TabbedShowLayout.Tab label="aula.matriculas.alumnos" path="alumnos">
            <MatriculasRelacionadas target="cursoId" label={false} />
          </TabbedShowLayout.Tab>
        )}
      </TabbedShowLayout>
    </Show>
  );
};

export default CursoShow;
