import { Link, type RaRecord, useCreatePath, useGetOne, useGetResourceLabel, useRecordContext, useResourceDefinitions, useTranslate } from 'react-admin';
import { nombreDe, recurso } from '../entidades';

/**
 * The record as the entry itself keeps it, where that image is whole: a deletion's «antes», a
 * creation's «después» (a field left out was empty). A change keeps only what changed, and a purged
 * entry (HISTORIAL_DIAS) nothing.
 */
function imagenDe(log: RaRecord): Record<string, unknown> | undefined {
  const lado = log.tipo === 'DELETE' ? 0 : log.tipo === 'CREATE' ? 1 : undefined;
  if (lado === undefined || typeof log.cambios !== 'string') return undefined;
  const cambios = JSON.parse(log.cambios) as Record<string, unknown>;
  return { id: log.recursoId, ...Object.fromEntries(Object.entries(cambios).flatMap(([campo, par]) => (Array.isArray(par) ? [[campo, par[lado]]] : []))) };
}

/**
 * Names the record an entry is about as its definition does («Categoría «Idiomas»»), linked to it
 * while it can still be opened (not after a DELETE, and only for resources this admin has a page
 * for). A deleted record is named from the entry's own before-image; any other, as it is now;
 * when neither can be read, by its id («Categoría #3»).
 */
export const RecursoLink = (_props: { label?: string }) => {
  const log = useRecordContext<RaRecord>();
  const definitions = useResourceDefinitions();
  const createPath = useCreatePath();
  const getResourceLabel = useGetResourceLabel();
  const translate = useTranslate();
  const imagen = log && imagenDe(log);
  const conNombre = !!log?.recurso && recurso(log.recurso).nombre !== undefined;
  const { data: actual } = useGetOne(log?.recurso ?? '', { id: log?.recursoId }, { enabled: conNombre && !imagen && log?.recursoId != null && log?.tipo !== 'DELETE', retry: false });
  if (!log?.recurso || log.recursoId == null) return null;
  const etiqueta = getResourceLabel(log.recurso, 1);
  const registro = imagen ?? actual;
  const texto =
    conNombre && registro
      ? translate('aula.actividad.registro', { recurso: etiqueta, nombre: nombreDe(log.recurso, registro) })
      : translate('aula.actividad.sinNombre', { recurso: etiqueta, id: log.recursoId });
  const definition = definitions[log.recurso];
  const type = definition?.hasShow ? 'show' : definition?.hasEdit ? 'edit' : undefined;
  if (!type || log.tipo === 'DELETE') return <span>{texto}</span>;
  return <Link to={createPath({ resource: log.recurso, id: log.recursoId, type })}>{texto}</Link>;
};
