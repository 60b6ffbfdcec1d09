// What a person does to a matrícula: give access (a manual one), change until when an activa lasts
// (extend or shorten it), and revoke one with a reason. Each in a dialog whose button keeps its
// word on a phone (common/acciones/DialogoAccion), shown only to a role that may write matrículas.
import AddIcon from '@mui/icons-material/Add';
import EventIcon from '@mui/icons-material/Event';
import BlockIcon from '@mui/icons-material/Block';
import { useState } from 'react';
import { type RaRecord, required, TextInput, useCanAccess, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { DialogoAccion } from '../common/acciones/DialogoAccion';
import { splitErrores, useAccion } from '../common/acciones/useAccion';
import { ReferenceAutocomplete } from '../common/formularios/ReferenceAutocomplete';
import { reglas } from '../common/formularios/validators';
import { motivo as motivoDe } from '../providers/http';
import { recurso } from '../entidades';
import { FinInput } from './FinInput';

const reglasMotivo = reglas({ ...recurso('matriculas').fields.motivoRevocacion, required: true });

/** Whether the role may change matrículas (the contable and the administrador). */
export const useGestionaMatriculas = () => useCanAccess({ action: 'edit', resource: 'matriculas' }).canAccess === true;

/** A 422's messages for the fields a dialog shows; anything else is said in a notification. */
function useEscritura() {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pendiente, setPendiente] = useState(false);
  const write = async (hacer: () => Promise<unknown>, exito: string, campos: string[]): Promise<true | Record<string, unknown>> => {
    setPendiente(true);
    try {
      await hacer();
      notify(exito, { type: 'success' });
      return true;
    } catch (error) {
      const { errores, notificar } = splitErrores(error, campos);
      if (notificar) notify(motivoDe(error), { type: 'error' });
      return errores;
    } finally {
      setPendiente(false);
      refresh();
    }
  };
  return { dataProvider, write, pendiente };
}

/** «Dar acceso» to the usuario in context: a curso and, if it ends, its last day. */
export const DarAccesoButton = () => {
  const usuario = useRecordContext<RaRecord>();
  const { canAccess } = useCanAccess({ action: 'create', resource: 'matriculas' });
  const { dataProvider, write, pendiente } = useEscritura();
  if (!usuario || !canAccess) return null;
  const grant = ({ cursoId, hasta }: Record<string, any>) =>
    write(() => dataProvider.create('matriculas', { data: { usuarioId: usuario.id, cursoId, hasta: hasta ?? null } }), 'aula.matriculas.accesoDado', ['cursoId', 'hasta']);
  return (
    <DialogoAccion
      id={`dar-acceso-${usuario.id}`}
      label="aula.matriculas.darAcceso"
      titulo="aula.matriculas.darAccesoTitulo"
      ayuda="aula.matriculas.darAccesoAyuda"
      icon={<AddIcon />}
      valoresIniciales={{ cursoId: null, hasta: null }}
      onSubmit={grant}
      pendiente={pendiente}
    >
      <ReferenceAutocomplete source="cursoId" reference="cursos" validate={required()} fullWidth />
      <FinInput source="hasta" />
    </DialogoAccion>
  );
};

/** «Ampliar»: a new last day for an activa matrícula (later or earlier), or none, for ever. */
export const AmpliarButton = () => {
  const matricula = useRecordContext<RaRecord>();
  const gestiona = useGestionaMatriculas();
  const { dataProvider, write, pendiente } = useEscritura();
  if (!matricula || matricula.estado !== 'activa' || !gestiona) return null;
  const extend = ({ hasta }: Record<string, any>) =>
    write(
      () => dataProvider.update('matriculas', { id: matricula.id, data: { hasta: hasta ?? null }, previousData: matricula }),
      'aula.matriculas.ampliada',
      ['hasta'],
    );
  return (
    <DialogoAccion
      id={`ampliar-${matricula.id}`}
      label="aula.matriculas.ampliar"
      titulo="aula.matriculas.ampliarTitulo"
      ayuda="aula.matriculas.ampliarAyuda"
      icon={<EventIcon />}
      valoresIniciales={{ hasta: matricula.hasta ?? null }}
      onSubmit={extend}
      pendiente={pendiente}
    >
      <FinInput source="hasta" />
    </DialogoAccion>
  );
};

/** «Revocar» an activa matrícula, with the reason (kept on it and in its history). */
export const RevocarButton = () => {
  const matricula = useRecordContext<RaRecord>();
  const gestiona = useGestionaMatriculas();
  const { submit, pendiente } = useAccion();
  const notify = useNotify();
  if (!matricula || matricula.estado !== 'activa' || !gestiona) return null;
  const revoke = async ({ motivo }: Record<string, any>) => {
    const respuesta = await submit('matriculas', matricula, 'revocar', { motivo }, ['motivo']);
    if ('errores' in respuesta) return respuesta.errores;
    notify('aula.matriculas.revocada', { type: 'success' });
    return true as const;
  };
  return (
    <DialogoAccion
      id={`revocar-${matricula.id}`}
      label="aula.matriculas.revocar"
      titulo="aula.matriculas.revocarTitulo"
      ayuda="aula.matriculas.revocarAyuda"
      icon={<BlockIcon />}
      valoresIniciales={{ motivo: '' }}
      onSubmit={revoke}
      pendiente={pendiente}
    >
      <TextInput source="motivo" label="aula.matriculas.motivo" helperText="aula.matriculas.motivoAyuda" validate={reglasMotivo} multiline fullWidth />
    </DialogoAccion>
  );
};
