// «Generar códigos»: a batch of single-use cupones at once (POST /cupones/generar, docs/arquitectura.md
// §23), with a prefix, how many, what they take off, where and until when. Says how many the API
// created and in which lote; the list reads again. Only for a role that may create cupones.
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { useState } from 'react';
import { maxLength, maxValue, minValue, NumberInput, regex, required, SelectInput, TextInput, useCanAccess, useNotify, useRefresh } from 'react-admin';
import { DialogoAccion } from '../common/acciones/DialogoAccion';
import { choicesDe } from '../common/formato/choices';
import { mayusculas } from '../common/formato/mayusculas';
import { fetchJson, motivo } from '../providers/http';
import { AmbitoInputs, HastaCuponInput, ValorInput } from './inputs';

/** The API's limits for one batch (api/src/cupones/index.ts, cuerpoGenerar). */
export const MAX_CANTIDAD = 10_000;
const reglasPrefijo = [maxLength(20), regex(/^[A-Za-z0-9]*$/, 'aula.cupones.prefijoPatron')];
const reglasCantidad = [required(), minValue(1), maxValue(MAX_CANTIDAD)];

const CAMPOS = ['prefijo', 'cantidad', 'tipo', 'valor', 'ambito', 'categoriaId', 'cursoId', 'hasta'];

/** What the form holds, as the route takes it: the categoría or curso only for the scope that names it. */
export function buildGeneracion(datos: Record<string, any>): Record<string, unknown> {
  const ambito = datos.ambito ?? 'todos';
  const cuerpo: Record<string, unknown> = { cantidad: Number(datos.cantidad), tipo: datos.tipo, valor: datos.valor, ambito };
  if (datos.prefijo) cuerpo.prefijo = datos.prefijo;
  if (ambito === 'categoria') cuerpo.categoriaId = datos.categoriaId;
  if (ambito === 'curso') cuerpo.cursoId = datos.cursoId;
  if (datos.hasta) cuerpo.hasta = datos.hasta;
  return cuerpo;
}

export const GenerarCupones = () => {
  const { canAccess } = useCanAccess({ action: 'create', resource: 'cupones' });
  const notify = useNotify();
  const refresh = useRefresh();
  const [pendiente, setPendiente] = useState(false);
  if (!canAccess) return null;

  const submitGeneracion = async (datos: Record<string, any>): Promise<true | Record<string, unknown>> => {
    setPendiente(true);
    try {
      const { json } = await fetchJson<{ lote: string; cupones: unknown[] }>('/cupones/generar', { method: 'POST', body: buildGeneracion(datos) });
      notify('aula.cupones.generados', { type: 'success', messageArgs: { smart_count: json.cupones.length, lote: json.lote } });
      refresh();
      return true;
    } catch (error) {
      // A 422 names the fields the dialog shows under them; anything else is said in a notification.
      const todos = ((error as { body?: { errors?: Record<string, unknown> } }).body?.errors ?? {}) as Record<string, unknown>;
      const errores = Object.fromEntries(Object.entries(todos).filter(([campo]) => CAMPOS.includes(campo)));
      if (!Object.keys(errores).length) notify(motivo(error), { type: 'error' });
      return errores;
    } finally {
      setPendiente(false);
    }
  };

  return (
    <DialogoAccion
      id="generar-cupones"
      label="aula.cupones.generar"
      titulo="aula.cupones.generarTitulo"
      ayuda="aula.cupones.generarAyuda"
      valores={{ max: MAX_CANTIDAD.toLocaleString('es-ES') }}
      icon={<AutoAwesomeIcon />}
      valoresIniciales={{ prefijo: '', cantidad: 10, tipo: 'porcentaje', valor: null, ambito: 'todos', categoriaId: null, cursoId: null, hasta: null }}
      onSubmit={submitGeneracion}
      pendiente={pendiente}
    >
      <TextInput source="prefijo" label="aula.cupones.prefijo" helperText="aula.cupones.prefijoAyuda" parse={mayusculas} validate={reglasPrefijo} fullWidth />
      <NumberInput source="cantidad" label="aula.cupones.cantidad" step={1} min={1} max={MAX_CANTIDAD} validate={reglasCantidad} fullWidth />
      <SelectInput source="tipo" label="resources.cupones.fields.tipo" choices={choicesDe('cupones', 'tipo')} validate={required()} fullWidth />
      <ValorInput label="resources.cupones.fields.valor" />
      <AmbitoInputs fullWidth />
      <HastaCuponInput source="hasta" label="resources.cupones.fields.hasta" />
    </DialogoAccion>
  );
};
