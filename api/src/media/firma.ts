// What a file really is, read from its first bytes: a client's name or Content-Type can say
// anything, so an upload is accepted or refused (415) on this alone.
// The signatures come from `file-type` (maintained, pure JS, no binary) rather than by hand: it
// reads the ISO-BMFF brands and Matroska's DocType, which is what tells mp4 from m4a and webm from
// mkv. Only the few types below are accepted; everything it recognises besides them is refused.
// It takes any unknown ISO-BMFF brand for mp4 (cameras write brands of their own, and ffprobe
// judges the content later), but it also reads a cut-off header as zeros: hence `ftypEntero`.
import { fileTypeFromBuffer } from 'file-type';

export type Carpeta = 'videos' | 'photos';

export interface Firma {
  /** The MIME type the file is served with. */
  tipo: string;
  /** The extension of its stored name, without a dot. */
  ext: string;
  carpeta: Carpeta;
}

/** How many bytes from the start of a file `firma` needs (fewer only when the file is shorter). */
export const BYTES_FIRMA = 4100;

/** file-type's MIME → what is stored. M4V is Apple's mp4: browsers play it as video/mp4. */
const ADMITIDOS: Record<string, Firma> = {
  'video/mp4': { tipo: 'video/mp4', ext: 'mp4', carpeta: 'videos' },
  'video/x-m4v': { tipo: 'video/mp4', ext: 'mp4', carpeta: 'videos' },
  'video/quicktime': { tipo: 'video/quicktime', ext: 'mov', carpeta: 'videos' },
  'video/webm': { tipo: 'video/webm', ext: 'webm', carpeta: 'videos' },
  'image/jpeg': { tipo: 'image/jpeg', ext: 'jpg', carpeta: 'photos' },
  'image/png': { tipo: 'image/png', ext: 'png', carpeta: 'photos' },
  'image/webp': { tipo: 'image/webp', ext: 'webp', carpeta: 'photos' },
};

/**
 * The ffmpeg demuxer that reads each stored type, and nothing else: given explicitly, ffprobe and
 * ffmpeg never guess the container from the content. A file whose bytes 4–7 read `free` is
 * QuickTime to file-type, but its content may be a DASH manifest (`<!--free--><MPD>…`), and a
 * guessing ffprobe would follow its BaseURL to any file or address. The `*_pipe` image demuxers
 * read one picture from one input; image2 would expand `%d` patterns in a name.
 */
const DEMUXERS: Record<string, string> = {
  'video/mp4': 'mov',
  'video/quicktime': 'mov',
  'video/webm': 'matroska',
  'image/jpeg': 'jpeg_pipe',
  'image/png': 'png_pipe',
  'image/webp': 'webp_pipe',
};

/** The demuxer for a stored type (an archivo's `tipo`), or undefined for one no upload is stored as. */
export const demuxerDe = (tipo: string | null | undefined): string | undefined => (tipo ? DEMUXERS[tipo] : undefined);

/**
 * The type of a file from its first `BYTES_FIRMA` bytes, or null when it is none of the accepted
 * ones (or too short to tell). With `carpeta`, also null when the file belongs in the other folder
 * (a video sent as a photo). No I/O: async only because file-type's reader is.
 */
export async function firma(inicio: Uint8Array, carpeta?: Carpeta): Promise<Firma | null> {
  if (inicio.length === 0) return null;
  const detectado = await fileTypeFromBuffer(inicio.subarray(0, BYTES_FIRMA));
  const admitido = detectado ? ADMITIDOS[detectado.mime] : undefined;
  if (!admitido || (carpeta && admitido.carpeta !== carpeta)) return null;
  if (!ftypEntero(inicio)) return null;
  return { ...admitido };
}

/**
 * False for an `ftyp` box (the first box of mp4/mov) that is not all there: it holds at least
 * 16 bytes (size, 'ftyp', brand, version), and all of them must have been read.
 */
function ftypEntero(inicio: Uint8Array): boolean {
  const cabecera = Buffer.from(inicio.buffer, inicio.byteOffset, inicio.byteLength);
  if (cabecera.toString('latin1', 4, 8) !== 'ftyp') return true;
  const tamano = cabecera.length >= 8 ? cabecera.readUInt32BE(0) : 0;
  return tamano >= 16 && cabecera.length >= Math.min(tamano, BYTES_FIRMA);
}
