import { Create, SimpleForm } from 'react-admin';
import { CursoInputs } from './CursoInputs';

const CursoCreate = () => (
  <Create redirect="show">
    <SimpleForm warnWhenUnsavedChanges>
      <CursoInputs />
    </SimpleForm>
  </Create>
);

export default CursoCreate;
