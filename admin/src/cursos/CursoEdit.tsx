import { Edit, TabbedForm } from 'react-admin';
import { ClasesDelCurso } from './ClasesDelCurso';
import { CursoInputs } from './CursoInputs';
import { CambiosSinGuardar } from '../common/CambiosSinGuardar';

const CursoEdit = () => (
  <Edit mutationMode="pessimistic">
    <TabbedForm warnWhenUnsavedChanges>
      <TabbedForm.Tab label="aula.secciones.datos">
        {/* Mounted whichever tab shows: TabbedForm keeps every tab rendered. */}
        <CambiosSinGuardar />
        <CursoInputs />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="aula.secciones.clasesDelCurso" path="clases">
        <ClasesDelCurso />
      </TabbedForm.Tab>
    </TabbedForm>
  </Edit>
);

export default CursoEdit;
