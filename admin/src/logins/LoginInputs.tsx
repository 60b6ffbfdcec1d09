import { BooleanInput, SelectInput, TextInput } from 'react-admin';
import { choicesDe } from '../common/formato/choices';
import { validadores } from '../entidades';

const v = validadores('logins');

/** An administrator's inputs other than the password, which create and edit treat differently. */
export const LoginInputs = () => (
  <>
    <TextInput source="usuario" autoComplete="off" validate={v.usuario} />
    <TextInput source="nombre" validate={v.nombre} />
    <TextInput source="email" type="email" validate={v.email} />
    <SelectInput source="rol" choices={choicesDe('logins', 'rol')} defaultValue="editor" validate={v.rol} />
    <BooleanInput source="activo" defaultValue={true} />
  </>
);
