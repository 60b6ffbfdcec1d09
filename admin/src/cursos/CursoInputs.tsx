import { NumberInput, SelectInput, TextInput } from 'react-admin';
import { FotoInput } from '../archivos/FotoInput';
import { choicesDe } from '../common/formato/choices';
import { mayusculas } from '../common/formato/mayusculas';
import { MoneyInput } from '../common/formularios/MoneyInput';
import { ReferenceAutocomplete } from '../common/formularios/ReferenceAutocomplete';
import { validadores } from '../entidades';

const v = validadores('cursos');

/** A curso's inputs, shared by create and edit. */
export const CursoInputs = () => (
  <>
    <TextInput source="titulo" validate={v.titulo} />
    <TextInput source="descripcion" multiline minRows={3} validate={v.descripcion} />
    <ReferenceAutocomplete source="categoriaId" reference="categorias" />
    <MoneyInput source="precio" validate={v.precio} />
    <TextInput source="moneda" defaultValue="EUR" parse={mayusculas} validate={v.moneda} />
    <SelectInput source="nivel" choices={choicesDe('cursos', 'nivel')} defaultValue="basico" />
    <SelectInput source="estado" choices={choicesDe('cursos', 'estado')} defaultValue="borrador" />
    {/* How long a purchase gives access (docs/arquitectura.md §22); empty, for ever. */}
    <NumberInput source="accesoDias" step={1} min={1} helperText="aula.matriculas.accesoDiasAyuda" validate={v.accesoDias} />
    <FotoInput source="foto" helperText="aula.ayuda.foto" validate={v.foto} />
  </>
);
