import type { ReactNode } from 'react';
import { NumberInput, SimpleForm, TextInput } from 'react-admin';
import { reglas } from '../common/validators';

const validarNombre = reglas({ required: true, minLength: 1, maxLength: 80 });
const validarDescripcion = reglas({ maxLength: 2000 });

/** The form both create and edit use; edit appends what only an existing categoría has. */
export const CategoriaForm = ({ children }: { children?: ReactNode }) => (
  <SimpleForm warnWhenUnsavedChanges>
    <TextInput source="nombre" validate={validarNombre} />
    <TextInput source="descripcion" multiline minRows={2} validate={validarDescripcion} />
    <NumberInput source="orden" step={1} defaultValue={0} />
    {children}
  </SimpleForm>
);
