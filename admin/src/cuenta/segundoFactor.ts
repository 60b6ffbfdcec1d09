// The second factor's calls (docs/arquitectura.md §4), without react-admin: the login page
// enrols an account that must have it before the admin is even loaded, and Mi cuenta does the same.
import { callApi, type ApiRequestInit } from '../providers/api';
import { aulaShell } from '../providers/i18n/aula';
import { readRechazo } from './api';

export interface Alta {
  /** otpauth://totp/…: what the QR says. */
  uri: string;
  /** The QR as a data URL (SVG). */
  qr: string;
  /**
   * Whether confirming needs the account's password: always but at the login's own enrolment
   * step, which has just proved it.
   */
  pideContrasena?: boolean;
}

export interface EstadoSegundoFactor {
  activo: boolean;
  codigosRestantes: number;
}

const RUTA = '/cuenta/segundo-factor';

/**
 * The answer, or an Error with the API's Spanish reason (or ours, when it could not be reached):
 * a RechazoConCampos whose `campos.pass` says why the password was refused, next to its field.
 */
async function callSegundoFactor<T>(path: string, init?: ApiRequestInit): Promise<T> {
  let response: Response;
  try {
    response = await callApi(path, init);
  } catch {
    throw new Error(aulaShell.segundoFactor.fallo);
  }
  if (!response.ok) throw await readRechazo(response, ['pass']);
  return (await response.json()) as T;
}

export const estadoSegundoFactor = () => callSegundoFactor<EstadoSegundoFactor>(RUTA);
export const requestAlta = () => callSegundoFactor<Alta>(RUTA, { method: 'POST' });
/** `pass` only when the QR's answer asked for it (pideContrasena). */
export const confirmAlta = (codigo: string, pass?: string) =>
  callSegundoFactor<{ codigosRecuperacion: string[] }>(`${RUTA}/confirmar`, { method: 'POST', body: { codigo: codigo.trim(), ...(pass === undefined ? {} : { pass }) } });
export const disableSegundoFactor = (pass: string, codigo: string) =>
  callSegundoFactor<EstadoSegundoFactor>(RUTA, { method: 'DELETE', body: { pass, codigo: codigo.trim() } });

/** The secret as the URI carries it, for typing into an app that cannot scan, in groups of four. */
export const claveDe = (uri: string) => (new URL(uri).searchParams.get('secret') ?? '').replace(/(.{4})(?=.)/g, '$1 ');
