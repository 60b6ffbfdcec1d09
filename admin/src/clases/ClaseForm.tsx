import { BooleanInput, NumberInput, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { FotoInput } from '../archivos/FotoInput';
import { choicesDe } from '../common/formato/choices';
import { ReferenceAutocomplete } from '../common/formularios/ReferenceAutocomplete';
import { validadores } from '../entidades';
import { VideoInput } from './VideoInput';
import { CambiosSinGuardar } from '../common/formularios/CambiosSinGuardar';
import { DialogoConflicto } from '../common/versiones/DialogoConflicto';

const v = validadores('clases');

/** A clase's form, shared by create and edit. */
export const ClaseForm = () => (
  <SimpleForm warnWhenUnsavedChanges>
    <CambiosSinGuardar />
    {/* Only in an edit: a create has no version to conflict with. */}
    <DialogoConflicto />
    <TextInput source="titulo" validate={v.titulo} />
    <TextInput source="descripcion" multiline minRows={3} validate={v.descripcion} />
    <ReferenceAutocomplete source="cursoId" reference="cursos" helperText="aula.ayuda.claseDeCursoOUsuario" />
    <ReferenceAutocomplete source="usuarioId" reference="usuarios" />
    {/* Left empty, the server puts a new clase last in its curso. */}
    <NumberInput source="orden" step={1} helperText="aula.ayuda.ordenVacio" validate={v.orden} />
    <VideoInput helperText="aula.ayuda.video" validate={v.video} />
    <NumberInput source="duracion" step={1} min={0} helperText="aula.ayuda.duracion" validate={v.duracion} />
    <FotoInput source="miniatura" helperText="aula.ayuda.foto" validate={v.miniatura} />
    <BooleanInput source="gratuita" defaultValue={false} />
    <SelectInput source="estado" choices={choicesDe('clases', 'estado')} defaultValue="borrador" />
  </SimpleForm>
);
