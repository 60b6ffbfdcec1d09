import PublishIcon from '@mui/icons-material/Publish';
import UnpublishedIcon from '@mui/icons-material/Unpublished';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import { required } from 'react-admin';
import { ActualizarSeleccion } from '../common/acciones/ActualizarSeleccion';
import { ActualizarSeleccionCon } from '../common/acciones/ActualizarSeleccionCon';
import { BorrarSeleccion } from '../common/acciones/BorrarSeleccion';
import { ReferenceAutocomplete } from '../common/formularios/ReferenceAutocomplete';

/** What the administrator does to several clases at once. */
export const ClaseAccionesMasivas = () => (
  <>
    <ActualizarSeleccion accion="publicar" icon={<PublishIcon />} data={{ estado: 'publicada' }} />
    <ActualizarSeleccion accion="despublicar" icon={<UnpublishedIcon />} data={{ estado: 'borrador' }} />
    <ActualizarSeleccionCon label="aula.masivo.moverACurso" icon={<DriveFileMoveIcon />} title="aula.masivo.moverTitulo">
      <ReferenceAutocomplete source="cursoId" reference="cursos" validate={required()} helperText="aula.masivo.moverAyuda" />
    </ActualizarSeleccionCon>
    <BorrarSeleccion />
  </>
);
