import { Edit, TabbedForm } from 'react-admin';
import { ClasesDelCurso } from './ClasesDelCurso';
import { CursoInputs } from './CursoInputs';

const CursoEdit = () => (
  <Edit mutationMode="pessimistic">
    <TabbedForm warnWhenUnsavedChanges>
      <TabbedForm.Tab label="aula.secciones.datos">
        <CursoInputs />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="aula.secciones.clasesDelCurso" path="clases">
        <ClasesDelCurso />
      </TabbedForm.Tab>
    </TabbedForm>
  </Edit>
);

export default CursoEdit;
