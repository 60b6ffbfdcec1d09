import { Link, type RaRecord, useCreatePath, useGetResourceLabel, useRecordContext, useResourceDefinitions } from 'react-admin';

/**
 * Names the record an entry is about («Categoría #3»), linked to it while it can still be opened
 * (not after a DELETE, and only for resources this admin has a page for).
 */
export const RecursoLink = (_props: { label?: string }) => {
  const log = useRecordContext<RaRecord>();
  const definitions = useResourceDefinitions();
  const createPath = useCreatePath();
  const getResourceLabel = useGetResourceLabel();
  if (!log?.recurso || log.recursoId == null) return null;
  const texto = `${getResourceLabel(log.recurso, 1)} #${log.recursoId}`;
  const definition = definitions[log.recurso];
  const type = definition?.hasShow ? 'show' : definition?.hasEdit ? 'edit' : undefined;
  if (!type || log.tipo === 'DELETE') return <span>{texto}</span>;
  return <Link to={createPath({ resource: log.recurso, id: log.recursoId, type })}>{texto}</Link>;
};
