import { useState } from 'react';
import { type Identifier, type RaRecord, useDataProvider, useListContext, useNotify } from 'react-admin';
import { motivo } from '../providers/http';
import { arrayMove } from '@dnd-kit/sortable';

/**
 * The order of the curso's clases shown while one is moved: the moved order only while the
 * server saves it, then the server's own order read again; on a refusal, the server's message
 * and the order as the server still has it.
 */
export function useOrdenDeClases(cursoId: Identifier) {
  const { data = [], refetch } = useListContext<RaRecord>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [guardando, setGuardando] = useState<Identifier[] | null>(null);

  const porId = new Map(data.map((c) => [c.id, c]));
  const ids = guardando ?? data.map((c) => c.id);
  const clases = ids.map((id) => porId.get(id)).filter((c): c is RaRecord => c !== undefined);

  const move = async (desde: Identifier, hasta: Identifier) => {
    if (guardando || desde === hasta) return;
    const nuevo = arrayMove(ids, ids.indexOf(desde), ids.indexOf(hasta));
    setGuardando(nuevo);
    try {
      await dataProvider.reorderClases(cursoId, nuevo);
      await refetch();
      notify('aula.orden.guardado', { type: 'success' });
    } catch (error) {
      notify(motivo(error), { type: 'error' });
      // The order as the server has it, with any clase added meanwhile (the usual refusal).
      await refetch();
    } finally {
      setGuardando(null);
    }
  };

  return { clases, move, guardando: guardando !== null };
}
