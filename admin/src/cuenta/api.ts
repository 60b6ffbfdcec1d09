// Mi cuenta's calls to the API (/cuenta/*), without react-admin: the «Elija una contraseña
// nueva» step runs before it is loaded.
import type { SesionAbierta as Fila } from '../../../contrato/sesiones';
import { callApi, readError } from '../providers/api';

export type CampoContrasena = 'actual' | 'nueva';

/** A refusal, with the reason next to the field it is about when the API names one of `C`. */
export class RechazoConCampos<C extends string = string> extends Error {
  constructor(
    message: string,
    readonly campos: Partial<Record<C, string>>,
  ) {
    super(message);
  }
}

/** The refusal of `response`, its 422 details kept for the fields the form shows. */
export async function readRechazo<C extends string>(response: Response, nombres: readonly C[]): Promise<RechazoConCampos<C>> {
  const { message, body } = await readError(response);
  const details = typeof body === 'object' && Array.isArray(body.error?.details) ? (body.error.details as { path?: string; message?: string }[]) : [];
  const campos: Partial<Record<C, string>> = {};
  for (const d of details) {
    const campo = d.path?.replace(/^\//, '') as C | undefined;
    if (campo && nombres.includes(campo) && d.message) campos[campo] = d.message;
  }
  return new RechazoConCampos(message, campos);
}

/** POST /cuenta/contrasena; answers the step the session must still take (null: none). */
export async function changeContrasena(actual: string, nueva: string): Promise<{ fase: string | null }> {
  const response = await callApi('/cuenta/contrasena', { method: 'POST', body: { actual, nueva } });
  if (response.ok) return response.json();
  throw await readRechazo<CampoContrasena>(response, ['actual', 'nueva']);
}

/** As GET /cuenta/sesiones answers each: `actual` is the session of this browser. */
export type SesionAbierta = Fila & { actual: boolean };

async function ok(response: Response): Promise<Response> {
  if (!response.ok) throw new Error((await readError(response)).message);
  return response;
}

export const fetchSesiones = async (): Promise<SesionAbierta[]> => (await ok(await callApi('/cuenta/sesiones'))).json();
export const closeSesion = async (id: number) => void (await ok(await callApi(`/cuenta/sesiones/${id}`, { method: 'DELETE' })));
export const closeOtrasSesiones = async () => void (await ok(await callApi('/cuenta/sesiones', { method: 'DELETE' })));
