import FlagIcon from '@mui/icons-material/Flag';
import { required, SelectInput } from 'react-admin';
import { ActualizarSeleccionCon } from '../common/acciones/ActualizarSeleccionCon';
import { BorrarSeleccion } from '../common/acciones/BorrarSeleccion';
import { choicesDe } from '../common/formato/choices';
import { useClasesEnBorrador } from './useClasesEnBorrador';

/** What the administrator does to several cursos at once. */
export const CursoAccionesMasivas = () => {
  const { antesDePublicar, aviso } = useClasesEnBorrador(true);
  return (
    <>
      <ActualizarSeleccionCon
        label="aula.masivo.cambiarEstado"
        icon={<FlagIcon />}
        title="aula.masivo.estadoTitulo"
        antesDeGuardar={async ({ estado }, ids) => estado !== 'publicado' || antesDePublicar(ids)}
      >
        <SelectInput source="estado" choices={choicesDe('cursos', 'estado')} validate={required()} />
      </ActualizarSeleccionCon>
      <BorrarSeleccion />
      {aviso}
    </>
  );
};
