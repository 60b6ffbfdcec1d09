// «Matricular en un curso» and «Revocar matrícula» for many usuarios at once, from the usuarios
// list (docs/arquitectura.md §22): for the rows selected (their ids) or for every usuario the list's
// current filter matches (its where, built as the data provider builds it for GET /usuarios). One
// POST /matriculas/lote; the server answers at once with the lote, which is then followed until
// it is done (SeguirLote). Only for a role that may change matrículas.
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import GroupRemoveIcon from '@mui/icons-material/GroupRemove';
import { Alert } from '@mui/material';
import { useState } from 'react';
import { type RaRecord, required, TextInput, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import { DialogoAccion } from '../common/acciones/DialogoAccion';
import { splitErrores } from '../common/acciones/useAccion';
import { ReferenceAutocomplete } from '../common/formularios/ReferenceAutocomplete';
import { reglas } from '../common/formularios/validators';
import { recurso } from '../entidades';
import { useGestionaMatriculas } from '../matriculas/acciones';
import { FinInput } from '../matriculas/FinInput';
import { type Recuento, toWhere } from '../providers/dataProvider';
import { fetchJson, motivo as motivoDe } from '../providers/http';
import { formatCifra } from './ResumenLote';
import { SeguirLote } from './SeguirLote';

const reglasMotivo = reglas({ ...recurso('lotes').fields.motivo, required: true });

/** The fields of the form a 422 may speak of; anything else goes in a notification. */
const CAMPOS = ['cursoId', 'hasta', 'motivo'];

/** The form's starting values: constants, since a new object would reset what was typed. */
const INICIALES = { matricular: { cursoId: null, hasta: null }, revocar: { cursoId: null, motivo: '' } };

interface Props {
  accion: 'matricular' | 'revocar';
  /** The rows selected, or every usuario of the current filter. */
  alcance: 'seleccion' | 'filtro';
}

/** The body of POST /matriculas/lote for what the form holds. */
export function buildPeticionLote(accion: Props['accion'], datos: Record<string, any>, usuarios: { usuarioIds: number[] } | { where: Record<string, unknown> }) {
  return {
    accion,
    cursoId: datos.cursoId,
    ...(accion === 'matricular' ? { hasta: datos.hasta ?? null } : { motivo: String(datos.motivo ?? '').trim() }),
    ...usuarios,
  };
}

export const LoteButton = ({ accion, alcance }: Props) => {
  const gestiona = useGestionaMatriculas();
  const { selectedIds, filterValues, total, meta, onUnselectItems } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pendiente, setPendiente] = useState(false);
  const [lanzado, setLanzado] = useState<RaRecord | null>(null);
  if (!gestiona) return null;
  // No filter button over an empty list: the API would refuse a lote of nobody.
  if (alcance === 'filtro' && total === 0 && !lanzado) return null;

  const send = async (datos: Record<string, any>): Promise<true | Record<string, unknown>> => {
    const usuarios = alcance === 'seleccion' ? { usuarioIds: selectedIds.map(Number) } : { where: toWhere('usuarios', filterValues) ?? {} };
    setPendiente(true);
    try {
      const { json } = await fetchJson<RaRecord>('/matriculas/lote', { method: 'POST', body: buildPeticionLote(accion, datos, usuarios) });
      setLanzado(json);
      return true;
    } catch (error) {
      const { errores, notificar } = splitErrores(error, CAMPOS);
      if (notificar) notify(motivoDe(error), { type: 'error' });
      return errores;
    } finally {
      setPendiente(false);
    }
  };

  const finish = () => {
    setLanzado(null);
    if (alcance === 'seleccion') onUnselectItems();
    refresh();
  };

  const recuento = (meta as { recuento?: Recuento } | undefined)?.recuento;
  const cuantos = recuento?.approximate
    ? translate(recuento.approximate === 'lowerBound' ? 'aula.lotes.cuantos.masDe' : 'aula.lotes.cuantos.unos', { total: formatCifra(recuento.count) })
    : translate('aula.lotes.cuantos.exacto', { smart_count: total ?? 0, total: formatCifra(total) });
  const uno = !recuento?.approximate && total === 1;
  const clave = `${accion}${alcance === 'seleccion' ? 'Seleccion' : 'Filtro'}`;

  return (
    <>
      <DialogoAccion
        id={`lote-${accion}-${alcance}`}
        label={`aula.lotes.${clave}`}
        titulo={`aula.lotes.${clave}Titulo`}
        ayuda={`aula.lotes.${accion}Ayuda`}
        valores={{ smart_count: selectedIds.length }}
        icon={accion === 'matricular' ? <GroupAddIcon /> : <GroupRemoveIcon />}
        valoresIniciales={INICIALES[accion]}
        onSubmit={send}
        pendiente={pendiente}
      >
        {alcance === 'filtro' && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="cuantos-lote">
            {translate(`aula.lotes.${accion}Cuantos`, { smart_count: uno ? 1 : 2, cuantos })}
          </Alert>
        )}
        <ReferenceAutocomplete source="cursoId" reference="cursos" label="aula.lotes.curso" validate={required()} fullWidth />
        {accion === 'matricular' ? (
          <FinInput source="hasta" label="resources.lotes.fields.hasta" helperText="aula.lotes.hastaAyuda" />
        ) : (
          <TextInput source="motivo" label="aula.lotes.motivo" helperText="aula.lotes.motivoAyuda" validate={reglasMotivo} multiline fullWidth />
        )}
      </DialogoAccion>
      {lanzado && <SeguirLote id={lanzado.id} inicial={lanzado} onClose={finish} />}
    </>
  );
};
