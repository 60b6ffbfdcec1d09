// Calls to the /informes routes. Reports are not react-admin resources (no ids, no CRUD), so
// they go through the admin's HTTP helper directly; a failure is react-admin's HttpError with
// the API's Spanish message and the status (a 401 logs out).
import { fetchApi, fetchJson } from '../providers/http';

export type Parametros = Record<string, string | number | undefined>;

export function rutaInforme(informe: string, params: Parametros): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') qs.set(k, String(v));
  const q = qs.toString();
  return `/informes/${informe}${q ? `?${q}` : ''}`;
}

export async function fetchInforme<T>(informe: string, params: Parametros, signal?: AbortSignal): Promise<T> {
  return (await fetchJson<T>(rutaInforme(informe, params), { signal })).json;
}

/** Downloads the CSV the API builds, under the file name it proposes. */
export async function downloadCsv(informe: string, params: Parametros): Promise<void> {
  const res = await fetchApi(rutaInforme(informe, params), { headers: { Accept: 'text/csv' } });
  const propuesto = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const nombre = propuesto ?? `${[informe, params.desde, params.hasta].filter(Boolean).join('-')}.csv`;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
