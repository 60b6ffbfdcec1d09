import { useCallback, useState } from 'react';
import { type Identifier, type RaRecord, useDataProvider, useNotify, useRefresh } from 'react-admin';
import { motivo } from '../providers/http';

/**
 * Runs one of a record's server actions (emitir, rectificar, anular, facturar) and waits for it.
 * A refusal is said in a notification with the server's own reason (a 422's first detail names
 * what is missing, a 409 why the state forbids it); either way the page is read again, since
 * another administrator may have changed the record meanwhile. Resolves to what the server
 * answered, or undefined when it refused.
 */
export function useAccion() {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pendiente, setPendiente] = useState(false);

  const ejecutar = useCallback(
    async (resource: string, id: Identifier, accion: string, body?: Record<string, unknown>): Promise<RaRecord | undefined> => {
      setPendiente(true);
      try {
        const { data } = await dataProvider.accion(resource, id, accion, body);
        return data as RaRecord;
      } catch (error) {
        notify(motivo(error), { type: 'error' });
        return undefined;
      } finally {
        setPendiente(false);
        refresh();
      }
    },
    [dataProvider, notify, refresh],
  );

  return { ejecutar, pendiente };
}
