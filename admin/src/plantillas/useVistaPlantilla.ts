// The live preview of a template being edited (docs/arquitectura.md §25): what is typed, once the
// typing pauses, goes to POST /plantillas/vista, which answers the message as it would leave with
// sample values, or refuses it as saving would (a 422 by field). Nothing is saved.
import { useEffect, useState } from 'react';
import { fetchJson, motivo } from '../providers/http';

export const CAMPOS_PLANTILLA = ['asunto', 'html', 'texto'] as const;
export type CampoPlantilla = (typeof CAMPOS_PLANTILLA)[number];

export type Plantilla = { clave: string } & Record<CampoPlantilla, string>;
export type Vista = Record<CampoPlantilla, string>;

export interface EstadoVista {
  /** The last message the server rendered: kept while what is typed has errors or a new one comes. */
  vista?: Vista;
  /** The refusal's message for each field (a 422), to show under it. */
  errores: Partial<Record<CampoPlantilla, string>>;
  /** Any other failure (the connection, the session), as a sentence. */
  fallo?: string;
  /** A request waits (the pause) or travels. */
  cargando: boolean;
}

/** The template as the server asks it: its kind and the three fields, all written. */
const isCompleta = (p: Partial<Plantilla>): p is Plantilla => typeof p.clave === 'string' && CAMPOS_PLANTILLA.every((c) => typeof p[c] === 'string');

/**
 * The preview of `plantilla`, asked `espera` ms after its last change; a request overtaken by a
 * newer change is cancelled, so an old answer never replaces a newer one.
 */
export function useVistaPlantilla(plantilla: Partial<Plantilla>, espera = 400): EstadoVista {
  const [estado, setEstado] = useState<EstadoVista>({ errores: {}, cargando: true });
  const { clave, asunto, html, texto } = plantilla;

  useEffect(() => {
    const cuerpo = { clave, asunto, html, texto };
    if (!isCompleta(cuerpo)) return;
    const control = new AbortController();
    setEstado((e) => (e.cargando ? e : { ...e, cargando: true }));
    const temporizador = setTimeout(async () => {
      try {
        const { json } = await fetchJson<Vista>('/plantillas/vista', { method: 'POST', body: cuerpo, signal: control.signal });
        if (!control.signal.aborted) setEstado({ vista: json, errores: {}, cargando: false });
      } catch (error) {
        if (control.signal.aborted) return;
        const errores = (error as { status?: number; body?: { errors?: EstadoVista['errores'] } }).body?.errors;
        if ((error as { status?: number }).status === 422 && errores) setEstado((e) => ({ vista: e.vista, errores, cargando: false }));
        else setEstado((e) => ({ vista: e.vista, errores: {}, fallo: motivo(error), cargando: false }));
      }
    }, espera);
    return () => {
      clearTimeout(temporizador);
      control.abort();
    };
  }, [clave, asunto, html, texto, espera]);

  return estado;
}
