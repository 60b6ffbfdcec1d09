// An uploaded file as the API's media library (`archivos`) describes it, and where to fetch it.
import type { RaRecord } from 'react-admin';
import { apiUrl } from '../providers/http';

export type Carpeta = 'videos' | 'photos';

export interface Archivo extends RaRecord {
  subida: string;
  carpeta: Carpeta;
  estado: 'subiendo' | 'procesando' | 'listo' | 'error';
  ruta?: string | null;
  nombre?: string | null;
  duracion?: number | null;
  miniatura?: string | null;
  error?: string | null;
}

/**
 * What a record's file field holds, as an address the browser can load: a stored file's path
 * (`/videos/…`, `/photos/…`) is served by the API, on its own origin; a URL is used as it is.
 */
export const urlDeArchivo = (valor: string): string => (valor.startsWith('/') ? apiUrl(valor) : valor);
