import { useCallback, useState } from 'react';
import { type Identifier, type RaRecord, useDataProvider, useNotify, useRefresh } from 'react-admin';
import { motivo } from '../providers/http';

/** A 422's messages by field, shaped like the form (react-admin's server-side validation). */
export type ErroresDeCampo = Record<string, unknown>;

/**
 * Runs one of a record's server actions (emitir, rectificar, anular, facturar, reembolsar) and
 * waits for it. Either way the page is read again, since another administrator may have changed
 * the record meanwhile.
 *
 * - `ejecutar`, for a button: a refusal is said in a notification with the server's own reason (a
 *   422's first detail names what is missing, a 409 why the state forbids it). Resolves to what
 *   the server answered, or undefined when it refused.
 * - `enviar`, for a dialog's form: a 422's messages for the fields the form shows (`campos`) come
 *   back as `errores`, for the form to show under them; any other refusal is notified. Resolves
 *   to `{ data }` or `{ errores }` (empty when the refusal was notified).
 */
export function useAccion() {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pendiente, setPendiente] = useState(false);

  const enviar = useCallback(
    async (
      resource: string,
      id: Identifier,
      accion: string,
      body: Record<string, unknown> | undefined,
      campos: readonly string[] = [],
    ): Promise<{ data: RaRecord } | { errores: ErroresDeCampo }> => {
      setPendiente(true);
      try {
        const { data } = await dataProvider.accion(resource, id, accion, body);
        return { data: data as RaRecord };
      } catch (error) {
        const todos = ((error as { body?: { errors?: ErroresDeCampo } }).body?.errors ?? {}) as ErroresDeCampo;
        const errores = Object.fromEntries(Object.entries(todos).filter(([campo]) => campos.includes(campo)));
        if (!Object.keys(errores).length || Object.keys(errores).length < Object.keys(todos).length) notify(motivo(error), { type: 'error' });
        return { errores };
      } finally {
        setPendiente(false);
        refresh();
      }
    },
    [dataProvider, notify, refresh],
  );

  const ejecutar = useCallback(
    async (resource: string, id: Identifier, accion: string, body?: Record<string, unknown>): Promise<RaRecord | undefined> => {
      const respuesta = await enviar(resource, id, accion, body);
      return 'data' in respuesta ? respuesta.data : undefined;
    },
    [enviar],
  );

  return { ejecutar, enviar, pendiente };
}
