import { type RaRecord, TabbedForm, useRecordContext, useSaveContext } from 'react-admin';
import { DialogoConflicto } from '../common/versiones/DialogoConflicto';
import { EditConVersion } from '../common/versiones/EditConVersion';
import { Historial } from '../common/versiones/Historial';
import { ClasesDelCurso } from './ClasesDelCurso';
import { CursoInputs } from './CursoInputs';
import { CambiosSinGuardar } from '../common/formularios/CambiosSinGuardar';
import { useClasesEnBorrador } from './useClasesEnBorrador';

/** Saved as react-admin saves it, once asked about its clases if the curso is being published. */
const FormularioCurso = () => {
  const curso = useRecordContext();
  const { save } = useSaveContext();
  const { antesDePublicar, aviso } = useClasesEnBorrador();

  const saveCurso = async (datos: Partial<RaRecord>) => {
    const sePublica = datos.estado === 'publicado' && curso?.estado !== 'publicado';
    if (sePublica && !(await antesDePublicar([curso!.id]))) return;
    return save?.(datos);
  };

  return (
    <>
      <TabbedForm onSubmit={saveCurso} warnWhenUnsavedChanges>
        <TabbedForm.Tab label="aula.secciones.datos">
          {/* Mounted whichever tab shows: TabbedForm keeps every tab rendered. */}
          <CambiosSinGuardar />
          <DialogoConflicto />
          <CursoInputs />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="aula.secciones.clasesDelCurso" path="clases">
          <ClasesDelCurso />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="aula.secciones.historial" path="historial">
          <Historial />
        </TabbedForm.Tab>
      </TabbedForm>
      {aviso}
    </>
  );
};

const CursoEdit = () => (
  <EditConVersion>
    <FormularioCurso />
  </EditConVersion>
);

export default CursoEdit;
