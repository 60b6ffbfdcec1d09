import { useCallback, useState } from 'react';
import { type DataProvider, type Identifier, type RaRecord, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { FilaHistorial } from '../../providers/dataProvider';
import { motivo } from '../../providers/http';
import { formatDiaHora } from '../formato/dates';
import { quienDe, type Traducir } from '../versiones/valorLegible';

/** A 422's messages by field, shaped like the form (react-admin's server-side validation). */
export type ErroresDeCampo = Record<string, unknown>;

/**
 * A refusal's messages for the fields a dialog's form shows (`campos`), for the form to show
 * under them, and whether something is left that only a notification can say (no such field, or
 * a message about a field the form does not show).
 */
export function splitErrores(error: unknown, campos: readonly string[]): { errores: ErroresDeCampo; notificar: boolean } {
  const todos = ((error as { body?: { errors?: ErroresDeCampo } }).body?.errors ?? {}) as ErroresDeCampo;
  const errores = Object.fromEntries(Object.entries(todos).filter(([campo]) => campos.includes(campo)));
  const cuantos = Object.keys(errores).length;
  return { errores, notificar: !cuantos || cuantos < Object.keys(todos).length };
}

/**
 * Runs one of a record's server actions (emitir, rectificar, anular, facturar, reembolsar) and
 * waits for it. Either way the page is read again, since another administrator may have changed
 * the record meanwhile.
 *
 * Given the record as the page read it (not only its id), the action goes with `If-Match` and its
 * version: if someone changed it since, the API applies nothing (412), and the notification says
 * who and when, so the administrator looks at the record as it is now before trying again.
 *
 * - `run`, for a button: a refusal is said in a notification with the server's own reason (a
 *   422's first detail names what is missing, a 409 why the state forbids it). Resolves to what
 *   the server answered, or undefined when it refused.
 * - `submit`, for a dialog's form: a 422's messages for the fields the form shows (`campos`) come
 *   back as `errores`, for the form to show under them; any other refusal is notified. Resolves
 *   to `{ data }` or `{ errores }` (empty when the refusal was notified).
 */
export function useAccion() {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [pendiente, setPendiente] = useState(false);

  const submit = useCallback(
    async (
      resource: string,
      registro: Identifier | RaRecord,
      accion: string,
      body: Record<string, unknown> | undefined,
      campos: readonly string[] = [],
    ): Promise<{ data: RaRecord } | { errores: ErroresDeCampo }> => {
      setPendiente(true);
      const leido = typeof registro === 'object' ? registro : undefined;
      const id = leido ? leido.id : (registro as Identifier);
      try {
        const { data } = await dataProvider.accion(resource, id, accion, body, leido);
        return { data: data as RaRecord };
      } catch (error) {
        if ((error as { status?: number }).status === 412) {
          const { clave, valores } = await avisoDeCambio(dataProvider, resource, id, error, translate);
          notify(clave, { type: 'warning', messageArgs: valores });
          return { errores: {} };
        }
        const { errores, notificar } = splitErrores(error, campos);
        if (notificar) notify(motivo(error), { type: 'error' });
        return { errores };
      } finally {
        setPendiente(false);
        refresh();
      }
    },
    [dataProvider, notify, refresh, translate],
  );

  const run = useCallback(
    async (resource: string, registro: Identifier | RaRecord, accion: string, body?: Record<string, unknown>): Promise<RaRecord | undefined> => {
      const respuesta = await submit(resource, registro, accion, body);
      return 'data' in respuesta ? respuesta.data : undefined;
    },
    [submit],
  );

  return { run, submit, pendiente };
}

/**
 * What to say of an action refused because the record changed: who changed it and when, from its
 * latest history row; failing that, when, from the record the 412 carries; failing both, that
 * someone did.
 */
async function avisoDeCambio(dataProvider: DataProvider, resource: string, id: Identifier, error: unknown, translate: Traducir) {
  const actual = (error as { body?: { error?: { actual?: RaRecord } } }).body?.error?.actual;
  const ultima: FilaHistorial | undefined = await dataProvider.historial(resource, id, 1).then(
    (filas: FilaHistorial[]) => filas[0],
    () => undefined,
  );
  if (ultima) return { clave: 'aula.historial.accionCambiada.quienCuando', valores: { quien: quienDe(ultima, translate), cuando: formatDiaHora(ultima.fecha) } };
  if (actual?.updatedAt) return { clave: 'aula.historial.accionCambiada.cuando', valores: { cuando: formatDiaHora(actual.updatedAt) } };
  return { clave: 'aula.historial.accionCambiada.otro', valores: {} };
}
