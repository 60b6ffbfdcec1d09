// One API token: its name may change; its role, how it starts and its last use are read only, and
// «Revocar» stops it (on every screen: a phone's list opens this page).
import { Edit, Labeled, SelectField, SimpleForm, TextField, TextInput, TopToolbar, useRecordContext } from 'react-admin';
import { choicesDe } from '../common/formato/choices';
import { DateTimeField } from '../common/formato/DateTimeField';
import { SeccionHistorial } from '../common/versiones/SeccionHistorial';
import { validadores } from '../entidades';
import { RevocarToken } from './RevocarToken';

const v = validadores('tokens');

/** What the page shows of a token and nobody changes, each under its label. */
const soloLectura = [
  <SelectField source="rol" choices={choicesDe('tokens', 'rol')} />,
  <TextField source="prefijo" />,
  <DateTimeField source="ultimoUso" />,
  <DateTimeField source="caduca" />,
  <DateTimeField source="revocadoEn" />,
];

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
      {soloLectura.map((campo) => (
        <Labeled source={campo.props.source} key={campo.props.source}>
          {campo}
        </Labeled>
      ))}
    </SimpleForm>
    <SeccionHistorial />
  </Edit>
);

export default TokenEdit;
