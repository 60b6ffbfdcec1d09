import type { ReactNode } from 'react';
import { NumberInput, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { estadoFacturaChoices, tipoIvaChoices } from '../common/choices';
import { FechaHoraInput } from '../common/DateInputs';
import { MoneyInput } from '../common/MoneyInput';
import { ReferenceAutocomplete } from '../common/ReferenceAutocomplete';
import { validadores } from '../registro';
import { FacturaInput } from './FacturaInput';
import { useClienteDelUsuario } from './useClienteDelUsuario';

const v = validadores('facturas');

const ClienteDelUsuario = () => {
  useClienteDelUsuario();
  return null;
};

/** A draft factura's form, shared by create and edit; the totals are the server's to compute. */
export const FacturaForm = ({ children }: { children?: ReactNode }) => (
  <SimpleForm warnWhenUnsavedChanges>
    <TextInput source="serie" validate={v.serie} />
    <NumberInput source="numero" step={1} min={1} validate={v.numero} />
    <FechaHoraInput source="fecha" />
    <ReferenceAutocomplete source="usuarioId" reference="usuarios" validate={v.usuarioId} />
    <ClienteDelUsuario />
    <TextInput source="clienteNombre" validate={v.clienteNombre} />
    <TextInput source="clienteNif" validate={v.clienteNif} />
    <TextInput source="clienteDireccion" validate={v.clienteDireccion} />
    <TextInput source="concepto" multiline minRows={2} validate={v.concepto} />
    <MoneyInput source="base" validate={v.base} />
    <SelectInput source="tipoIva" choices={tipoIvaChoices} translateChoice={false} defaultValue={21} validate={v.tipoIva} />
    <SelectInput source="estado" choices={estadoFacturaChoices} defaultValue="borrador" />
    <FacturaInput source="rectificaId" />
    {children}
  </SimpleForm>
);
