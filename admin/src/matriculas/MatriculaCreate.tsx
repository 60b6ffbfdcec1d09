import { Create, required, SimpleForm } from 'react-admin';
import { ReferenceAutocomplete } from '../common/formularios/ReferenceAutocomplete';
import { FinInput } from './FinInput';

/** A manual grant: who, which curso and, if it ends, its last day (empty: for ever). The rest is the server's. */
const MatriculaCreate = () => (
  <Create redirect="show">
    <SimpleForm>
      <ReferenceAutocomplete source="usuarioId" reference="usuarios" validate={required()} />
      <ReferenceAutocomplete source="cursoId" reference="cursos" validate={required()} />
      <FinInput source="hasta" />
    </SimpleForm>
  </Create>
);

export default MatriculaCreate;
