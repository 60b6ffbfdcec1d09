// One API token: its name may change; its role, how it starts and its last use are read only, and
// «Revocar» stops it (on every screen: a phone's list opens this page).
import { Edit, Labeled, SelectField, SimpleForm, TextField, TextInput, TopToolbar, useRecordContext } from 'react-admin';
import { choicesDe } from '../common/formato/choices';
import { DateTimeField } from '../common/formato/DateTimeField';
import { SeccionHistorial } from '../common/versiones/SeccionHistorial';
import { validadores } from '../entidades';
import { RevocarToken } from './RevocarToken';

const v = validadores('tokens');

const SiVigente = () => {
  const token = useRecordContext();
  return token && !token.revocadoEn ? <RevocarToken /> : null;
};

const TokenEdit = () => (
  <Edit
    mutationMode="pessimistic"
    actions={
      <TopToolbar>
        <SiVigente />
      </TopToolbar>
    }
  >
    <SimpleForm>
      <TextInput source="nombre" validate={v.nombre} />
      <Labeled source="rol">
        <SelectField source="rol" choices={choicesDe('tokens', 'rol')} />
      </Labeled>
      <Labeled source="prefijo">
        <TextField source="prefijo" />
      </Labeled>
      <Labeled source="ultimoUso">
        <DateTimeField source="ultimoUso" />
      </Labeled>
      <Labeled source="caduca">
        <DateTimeField source="caduca" />
      </Labeled>
      <Labeled source="revocadoEn">
        <DateTimeField source="revocadoEn" />
      </Labeled>
    </SimpleForm>
    <SeccionHistorial />
  </Edit>
);

export default TokenEdit;
