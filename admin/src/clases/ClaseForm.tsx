import { BooleanInput, NumberInput, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { estadoClaseChoices } from '../common/choices';
import { ReferenceAutocomplete } from '../common/ReferenceAutocomplete';
import { reglas } from '../common/validators';

const validarTitulo = reglas({ required: true, minLength: 1, maxLength: 160 });
const validarDescripcion = reglas({ maxLength: 10000 });
const validarRuta = reglas({ maxLength: 1000 });
const validarDuracion = reglas({ minimum: 0 });

/** A clase's form, shared by create and edit. */
export const ClaseForm = () => (
  <SimpleForm warnWhenUnsavedChanges>
    <TextInput source="titulo" validate={validarTitulo} />
    <TextInput source="descripcion" multiline minRows={3} validate={validarDescripcion} />
    <ReferenceAutocomplete source="cursoId" reference="cursos" helperText="aula.ayuda.claseDeCursoOUsuario" />
    <ReferenceAutocomplete source="usuarioId" reference="usuarios" />
    {/* Left empty, the server puts a new clase last in its curso. */}
    <NumberInput source="orden" step={1} helperText="aula.ayuda.ordenVacio" />
    <TextInput source="video" helperText="aula.ayuda.video" validate={validarRuta} />
    <NumberInput source="duracion" step={1} min={0} helperText="aula.ayuda.duracion" validate={validarDuracion} />
    <TextInput source="miniatura" helperText="aula.ayuda.foto" validate={validarRuta} />
    <BooleanInput source="gratuita" defaultValue={false} />
    <SelectInput source="estado" choices={estadoClaseChoices} defaultValue="borrador" />
  </SimpleForm>
);
