import { Create, SimpleForm } from 'react-admin';
import { CursoInputs } from './CursoInputs';
import { CambiosSinGuardar } from '../common/formularios/CambiosSinGuardar';

const CursoCreate = () => (
  <Create redirect="show">
    <SimpleForm warnWhenUnsavedChanges>
      <CambiosSinGuardar />
      <CursoInputs />
    </SimpleForm>
  </Create>
);

export default CursoCreate;
