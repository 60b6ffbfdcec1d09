import FlagIcon from '@mui/icons-material/Flag';
import { required, SelectInput } from 'react-admin';
import { ActualizarSeleccionCon } from '../common/ActualizarSeleccionCon';
import { BorrarSeleccion } from '../common/BorrarSeleccion';
import { estadoCursoChoices } from '../common/choices';

/** What the administrator does to several cursos at once. */
export const CursoAccionesMasivas = () => (
  <>
    <ActualizarSeleccionCon label="aula.masivo.cambiarEstado" icon={<FlagIcon />} title="aula.masivo.estadoTitulo">
      <SelectInput source="estado" choices={estadoCursoChoices} validate={required()} />
    </ActualizarSeleccionCon>
    <BorrarSeleccion />
  </>
);
