import type { ReactNode } from 'react';
import { SelectInput, SimpleForm, TextInput } from 'react-admin';
import { tipoIvaChoices } from './tipoIva';
import { MoneyInput } from '../common/formularios/MoneyInput';
import { ReferenceAutocomplete } from '../common/formularios/ReferenceAutocomplete';
import { validadores } from '../entidades';
import { useClienteDelUsuario } from './useClienteDelUsuario';
import { CambiosSinGuardar } from '../common/formularios/CambiosSinGuardar';
import { DiaInput } from '../common/formularios/DateInputs';
import { DialogoConflicto } from '../common/versiones/DialogoConflicto';

const v = validadores('facturas');

const ClienteDelUsuario = () => {
  useClienteDelUsuario();
  return null;
};

/**
 * A draft factura's form, shared by create and edit. Only what a draft's author decides: the
 * number, the date, the kind and the estado come from «Emitir», the totals from the server, and
 * a rectificativa's link from «Rectificar» (the API refuses them all).
 */
export const FacturaForm = ({ children }: { children?: ReactNode }) => (
  <SimpleForm warnWhenUnsavedChanges>
    <CambiosSinGuardar />
    <DialogoConflicto />
    <TextInput source="serie" validate={v.serie} />
    <ReferenceAutocomplete source="usuarioId" reference="usuarios" validate={v.usuarioId} />
    <ClienteDelUsuario />
    <TextInput source="clienteNombre" validate={v.clienteNombre} />
    <TextInput source="clienteNif" validate={v.clienteNif} />
    <TextInput source="clienteDireccion" validate={v.clienteDireccion} />
    <TextInput source="concepto" multiline minRows={2} validate={v.concepto} />
    <MoneyInput source="base" validate={v.base} />
    <SelectInput source="tipoIva" choices={tipoIvaChoices} translateChoice={false} defaultValue={21} validate={v.tipoIva} />
    {/* Only when the operation was on another day than the issue will be (RD 1619/2012 art. 6.1.f). */}
    <DiaInput source="fechaOperacion" helperText="aula.facturacion.fechaOperacionAyuda" />
    {children}
  </SimpleForm>
);
