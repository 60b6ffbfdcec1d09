// The second factor's calls (docs/arquitectura.md §4), without react-admin: the login page
// enrols an account that must have it before the admin is even loaded, and Mi cuenta does the same.
import { callApi, readError, type ApiRequestInit } from '../providers/api';
import { aulaShell } from '../providers/i18n/aula';

export interface Alta {
  /** otpauth://totp/…: what the QR says. */
  uri: string;
  /** The QR as a data URL (SVG). */
  qr: string;
}

export interface EstadoSegundoFactor {
  activo: boolean;
  codigosRestantes: number;
}

const RUTA = '/cuenta/segundo-factor';

/** The answer, or an Error with the API's Spanish reason (or ours, when it could not be reached). */
async function pedir<T>(path: string, init?: ApiRequestInit): Promise<T> {
  let response: Response;
  try {
    response = await callApi(path, init);
  } catch {
    throw new Error(aulaShell.segundoFactor.fallo);
  }
  if (!response.ok) throw new Error((await readError(response)).message);
  return (await response.json()) as T;
}

export const estadoSegundoFactor = () => pedir<EstadoSegundoFactor>(RUTA);
export const pedirAlta = () => pedir<Alta>(RUTA, { method: 'POST' });
export const confirmarAlta = (codigo: string) =>
  pedir<{ codigosRecuperacion: string[] }>(`${RUTA}/confirmar`, { method: 'POST', body: { codigo: codigo.trim() } });
export const desactivar = (pass: string, codigo: string) =>
  pedir<EstadoSegundoFactor>(RUTA, { method: 'DELETE', body: { pass, codigo: codigo.trim() } });

/** The secret as the URI carries it, for typing into an app that cannot scan, in groups of four. */
export const claveDe = (uri: string) => (new URL(uri).searchParams.get('secret') ?? '').replace(/(.{4})(?=.)/g, '$1 ');
