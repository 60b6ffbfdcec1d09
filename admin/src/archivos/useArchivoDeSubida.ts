// The archivo an upload became, asked for every second while the server processes it (type,
// duration, thumbnail), until it is ready or has failed.
import { useGetList } from 'react-admin';
import type { Archivo } from './archivo';

const CADA_MS = 1000;
const terminado = (a?: Archivo) => a?.estado === 'listo' || a?.estado === 'error';

export function useArchivoDeSubida(subida: string | undefined): Archivo | undefined {
  const { data } = useGetList<Archivo>(
    'archivos',
    { filter: { subida }, pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'DESC' } },
    {
      enabled: subida !== undefined,
      refetchInterval: (query) => (terminado(query.state.data?.data[0]) ? false : CADA_MS),
    },
  );
  return subida === undefined ? undefined : data?.[0];
}
