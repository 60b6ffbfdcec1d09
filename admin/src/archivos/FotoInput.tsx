import type { Validator } from 'react-admin';
import { ArchivoInput } from './ArchivoInput';
import { VistaFoto } from './Vistas';

const vista = (url: string) => <VistaFoto src={url} />;

interface FotoInputProps {
  source: string;
  validate?: Validator[];
  helperText?: string;
}

/** A photo field (a curso's foto, a clase's miniatura): upload with a preview, or a URL. */
export const FotoInput = (props: FotoInputProps) => (
  <ArchivoInput carpeta="photos" accept="image/jpeg,image/png,image/webp" elegir="aula.subida.elegirFoto" vista={vista} {...props} />
);
