import { SelectInput, TextInput } from 'react-admin';
import { estadoCursoChoices, nivelChoices } from '../common/choices';
import { mayusculas } from '../common/mayusculas';
import { MoneyInput } from '../common/MoneyInput';
import { ReferenceAutocomplete } from '../common/ReferenceAutocomplete';
import { codigoMoneda, reglas } from '../common/validators';

const validarTitulo = reglas({ required: true, minLength: 1, maxLength: 160 });
const validarDescripcion = reglas({ maxLength: 10000 });
const validarPrecio = reglas({ required: true, minimum: 0 });
const validarMoneda = reglas({ pattern: codigoMoneda });
const validarFoto = reglas({ maxLength: 1000 });

/** A curso's inputs, shared by create and edit. */
export const CursoInputs = () => (
  <>
    <TextInput source="titulo" validate={validarTitulo} />
    <TextInput source="descripcion" multiline minRows={3} validate={validarDescripcion} />
    <ReferenceAutocomplete source="categoriaId" reference="categorias" />
    <MoneyInput source="precio" validate={validarPrecio} />
    <TextInput source="moneda" defaultValue="EUR" parse={mayusculas} validate={validarMoneda} />
    <SelectInput source="nivel" choices={nivelChoices} defaultValue="basico" />
    <SelectInput source="estado" choices={estadoCursoChoices} defaultValue="borrador" />
    <TextInput source="foto" helperText="aula.ayuda.foto" validate={validarFoto} />
  </>
);
