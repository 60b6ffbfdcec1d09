import type { ReactNode } from 'react';
import { NumberInput, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { estadoFacturaChoices, tipoIvaChoices } from '../common/choices';
import { FechaHoraInput } from '../common/DateInputs';
import { MoneyInput } from '../common/MoneyInput';
import { ReferenceAutocomplete } from '../common/ReferenceAutocomplete';
import { reglas } from '../common/validators';
import { FacturaInput } from './FacturaInput';
import { useClienteDelUsuario } from './useClienteDelUsuario';

const validarSerie = reglas({ required: true, minLength: 1, maxLength: 20 });
const validarNumero = reglas({ minimum: 1 });
const requerido = reglas({ required: true });
const validarClienteNombre = reglas({ maxLength: 200 });
const validarClienteNif = reglas({ maxLength: 20 });
const validarClienteDireccion = reglas({ maxLength: 500 });
const validarConcepto = reglas({ required: true, minLength: 1, maxLength: 500 });
const validarBase = reglas({ required: true, minimum: 0 });

const ClienteDelUsuario = () => {
  useClienteDelUsuario();
  return null;
};

/** A draft factura's form, shared by create and edit; the totals are the server's to compute. */
export const FacturaForm = ({ children }: { children?: ReactNode }) => (
  <SimpleForm warnWhenUnsavedChanges>
    <TextInput source="serie" validate={validarSerie} />
    <NumberInput source="numero" step={1} min={1} validate={validarNumero} />
    <FechaHoraInput source="fecha" />
    <ReferenceAutocomplete source="usuarioId" reference="usuarios" validate={requerido} />
    <ClienteDelUsuario />
    <TextInput source="clienteNombre" validate={validarClienteNombre} />
    <TextInput source="clienteNif" validate={validarClienteNif} />
    <TextInput source="clienteDireccion" validate={validarClienteDireccion} />
    <TextInput source="concepto" multiline minRows={2} validate={validarConcepto} />
    <MoneyInput source="base" validate={validarBase} />
    <SelectInput source="tipoIva" choices={tipoIvaChoices} translateChoice={false} defaultValue={21} validate={requerido} />
    <SelectInput source="estado" choices={estadoFacturaChoices} defaultValue="borrador" />
    <FacturaInput source="rectificaId" />
    {children}
  </SimpleForm>
);
