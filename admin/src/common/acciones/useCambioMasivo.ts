// A list's bulk change knows what it overwrites (docs/arquitectura.md §17): it sends the version
// the list read of each selected row, the API leaves alone the rows changed since, and the
// administrator is told how many were left and sees the list as it is now.
import { useQueryClient } from '@tanstack/react-query';
import { type Identifier, type RaRecord, useListContext, useNotify, useRefresh, useResourceContext } from 'react-admin';
import { NoAplicados, type VersionesLeidas } from '../../providers/dataProvider';
import { motivo } from '../../providers/http';

type Pagina = { data?: RaRecord[] } | undefined;

/**
 * What the bulk buttons give react-admin's updateMany/deleteMany: `meta` with the versions read,
 * and `onError`, which says a refusal's reason or how many rows had changed, then re-reads the list.
 */
export function useCambioMasivo(operacion: 'actualizar' | 'borrar') {
  const resource = useResourceContext();
  const { data, selectedIds, onUnselectItems } = useListContext();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const refresh = useRefresh();

  // The page shown first; a row selected on another page, as that page read it.
  const leidas = [data ?? [], ...queryClient.getQueriesData<Pagina>({ queryKey: [resource, 'getList'] }).map(([, pagina]) => pagina?.data ?? [])];
  const versiones: VersionesLeidas = {};
  for (const id of selectedIds as Identifier[]) {
    const version = leidas.flat().find((r) => r.id === id)?.version;
    if (typeof version === 'number') versiones[id] = version;
  }

  const onError = (error: unknown) => {
    if (error instanceof NoAplicados) {
      const clave = operacion === 'borrar' ? 'aula.masivo.noBorrados' : 'aula.masivo.noAplicados';
      notify(clave, { type: 'warning', messageArgs: { smart_count: error.noAplicados, total: error.total } });
      onUnselectItems();
    } else {
      notify(motivo(error), { type: 'error' });
    }
    refresh();
  };

  return { meta: { versiones }, onError };
}
