import { Create, SimpleForm } from 'react-admin';
import { CursoInputs } from './CursoInputs';

const CursoCreate = () => (
  <Create redirect="show">
    <SimpleForm>
      <CursoInputs />
    </SimpleForm>
  </Create>
);

export default CursoCreate;
