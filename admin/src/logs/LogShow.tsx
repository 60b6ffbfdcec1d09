import { ReferenceField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { DateTimeField } from '../common/formato/DateTimeField';
import { DatosLogField } from './DatosLogField';
import { RecursoLink } from './RecursoLink';
import { TipoLogField } from './TipoLogField';

const LogShow = () => (
  <Show>
    <SimpleShowLayout>
      <DateTimeField source="fecha" />
      <TipoLogField source="tipo" />
      <ReferenceField source="loginId" reference="logins" link="edit" />
      <RecursoLink label="resources.logs.fields.recurso" />
      <DatosLogField source="datos" />
      <TextField source="ip" />
    </SimpleShowLayout>
  </Show>
);

export default LogShow;
