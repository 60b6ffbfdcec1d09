// One file sent to the API with tus (docs/arquitectura.md §7) from the browser: progress, speed, pause and
// resume. tus-js-client keeps each upload's address in localStorage under the file's
// fingerprint (name, type, size, date), so choosing the same file again after a reload or a
// crash carries on from what the server already holds instead of starting over.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { DetailedError, Upload } from 'tus-js-client';
import { apiUrl } from '../providers/http';
import type { Carpeta } from './archivo';

export type FaseSubida = 'subiendo' | 'pausada' | 'sinConexion' | 'subida' | 'error';

export interface EstadoSubida {
  fase: FaseSubida;
  nombre: string;
  enviados: number;
  total: number;
  /** Bytes per second over the last seconds; unknown at the start. */
  velocidad?: number;
  /** The tus upload id (the last segment of its address), which names its archivo. */
  subida?: string;
  error?: string;
}

// Speed over a short window: the whole upload's average hides a connection that just slowed.
const VENTANA_MS = 5000;
// tus-js-client retries a dropped request after these pauses before giving up.
const REINTENTOS_MS = [0, 1000, 3000, 5000, 10000, 20000];

const idDeSubida = (url: string | null) => url?.split('/').pop() || undefined;

/** The API's own (Spanish) message when it answered, ours when it could not be reached. */
function mensajeDeError(error: Error | DetailedError, translate: ReturnType<typeof useTranslate>): string {
  const respuesta = error instanceof DetailedError ? error.originalResponse : null;
  if (!respuesta) return translate('aula.subida.error.red');
  try {
    const mensaje = JSON.parse(respuesta.getBody())?.error?.message;
    if (typeof mensaje === 'string' && mensaje) return mensaje;
  } catch {
    // Not our envelope (a proxy's page): the status says enough.
  }
  return translate('aula.subida.error.servidor', { status: respuesta.getStatus() });
}

export function useSubida(carpeta: Carpeta) {
  const translate = useTranslate();
  const [estado, setEstado] = useState<EstadoSubida>();
  const upload = useRef<Upload | undefined>(undefined);
  const muestras = useRef<{ t: number; bytes: number }[]>([]);
  const alVolverLaConexion = useRef<(() => void) | undefined>(undefined);

  const forgetConexion = () => {
    if (alVolverLaConexion.current) window.removeEventListener('online', alVolverLaConexion.current);
    alVolverLaConexion.current = undefined;
  };

  const velocidad = (bytes: number) => {
    const ahora = performance.now();
    const m = muestras.current.filter((s) => ahora - s.t <= VENTANA_MS);
    m.push({ t: ahora, bytes });
    muestras.current = m;
    const segundos = (ahora - m[0].t) / 1000;
    return segundos >= 0.5 ? (bytes - m[0].bytes) / segundos : undefined;
  };

  const start = useCallback(
    async (file: File) => {
      // A new choice replaces an unfinished one, which the server can then drop.
      upload.current?.abort(true).catch(() => undefined);
      forgetConexion();
      muestras.current = [];
      setEstado({ fase: 'subiendo', nombre: file.name, enviados: 0, total: file.size });
      const nueva: Upload = new Upload(file, {
        endpoint: apiUrl('/subidas'),
        metadata: { carpeta, filename: file.name, filetype: file.type },
        retryDelays: REINTENTOS_MS,
        removeFingerprintOnSuccess: true,
        // The API is on another origin and wants the session cookie.
        onBeforeRequest: (req) => {
          (req.getUnderlyingObject() as XMLHttpRequest).withCredentials = true;
        },
        onUploadUrlAvailable: () => setEstado((e) => e && { ...e, subida: idDeSubida(nueva.url) }),
        onProgress: (enviados, total) =>
          setEstado((e) => e && { ...e, fase: e.fase === 'pausada' ? e.fase : 'subiendo', enviados, total, velocidad: velocidad(enviados) }),
        onSuccess: () => {
          // Done: nothing left to pause, and cancelling must not ask the server to drop the file.
          if (upload.current === nueva) upload.current = undefined;
          setEstado((e) => e && { ...e, fase: 'subida', enviados: e.total, subida: idDeSubida(nueva.url) });
        },
        onError: (error) => {
          if (!navigator.onLine) {
            // tus-js-client does not retry offline: carry on from the server's offset once back.
            setEstado((e) => e && { ...e, fase: 'sinConexion', velocidad: undefined });
            alVolverLaConexion.current = () => {
              forgetConexion();
              setEstado((e) => e && { ...e, fase: 'subiendo' });
              nueva.start();
            };
            window.addEventListener('online', alVolverLaConexion.current);
            return;
          }
          setEstado((e) => e && { ...e, fase: 'error', error: mensajeDeError(error, translate) });
        },
      });
      upload.current = nueva;
      const previas = await nueva.findPreviousUploads();
      if (previas.length > 0) nueva.resumeFromPreviousUpload(previas[0]);
      nueva.start();
    },
    [carpeta, translate],
  );

  const pause = useCallback(() => {
    upload.current?.abort().catch(() => undefined);
    setEstado((e) => e && { ...e, fase: 'pausada', velocidad: undefined });
  }, []);

  const resume = useCallback(() => {
    forgetConexion();
    muestras.current = [];
    setEstado((e) => e && { ...e, fase: 'subiendo' });
    upload.current?.start();
  }, []);

  /** Stops for good: the server drops what it received. */
  const cancel = useCallback(() => {
    forgetConexion();
    upload.current?.abort(true).catch(() => undefined);
    upload.current = undefined;
    setEstado(undefined);
  }, []);

  // Leaving the form pauses rather than cancels: the same file chosen later picks up from there.
  useEffect(
    () => () => {
      forgetConexion();
      upload.current?.abort().catch(() => undefined);
    },
    [],
  );

  return { estado, start, pause, resume, cancel };
}
