import type { ReactNode } from 'react';
import { NumberInput, SimpleForm, TextInput } from 'react-admin';
import { validadores } from '../entidades';
import { CambiosSinGuardar } from '../common/formularios/CambiosSinGuardar';

const v = validadores('categorias');

/** The form both create and edit use; edit appends what only an existing categoría has. */
export const CategoriaForm = ({ children }: { children?: ReactNode }) => (
  <SimpleForm warnWhenUnsavedChanges>
    <CambiosSinGuardar />
    <TextInput source="nombre" validate={v.nombre} />
    <TextInput source="descripcion" multiline minRows={2} validate={v.descripcion} />
    <NumberInput source="orden" step={1} defaultValue={0} />
    {children}
  </SimpleForm>
);
