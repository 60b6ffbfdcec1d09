import { type ReactNode, useEffect, useRef } from 'react';
import { Box, Button, CircularProgress, FormHelperText, Stack, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { type Identifier, TextInput, useTranslate, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { type Archivo, type Carpeta, urlDeArchivo } from './archivo';
import { formatTamano } from './medida';
import { ProgresoSubida } from './ProgresoSubida';
import { useArchivoDeSubida } from './useArchivoDeSubida';
import { useSubida } from './useSubida';
import { useSubidasPendientes } from './useSubidasPendientes';
import { ZonaSubida } from './ZonaSubida';

export interface ArchivoInputProps {
  /** The record's field holding the file's path (or an external URL, typed in). */
  source: string;
  carpeta: Carpeta;
  accept: string;
  /** Catalogue key of the choose button. */
  elegir: string;
  validate?: Validator[];
  helperText?: string;
  /** The file shown, given its address. */
  vista: (url: string) => ReactNode;
  /** Once the server has processed the upload and the field holds it. */
  onListo?: (archivo: Archivo) => void;
  children?: ReactNode;
}

/**
 * A file field: the path or URL as text, the file itself shown, and an upload (choose or drop)
 * whose result fills the field once the server has it ready.
 */
export const ArchivoInput = ({ source, carpeta, accept, elegir, validate, helperText, vista, onListo, children }: ArchivoInputProps) => {
  const translate = useTranslate();
  const valor = useWatch({ name: source }) as string | null | undefined;
  const { setValue } = useFormContext();
  const { estado, start, pause, resume, cancel } = useSubida(carpeta);
  const archivo = useArchivoDeSubida(estado?.fase === 'subida' ? estado.subida : undefined);
  const pendientes = useSubidasPendientes(carpeta, estado !== undefined);

  // Each processed upload fills the field once: a later edit by hand is the administrator's.
  const tomado = useRef<Identifier | undefined>(undefined);
  useEffect(() => {
    if (archivo?.estado !== 'listo' || !archivo.ruta || tomado.current === archivo.id) return;
    tomado.current = archivo.id;
    setValue(source, archivo.ruta, { shouldDirty: true, shouldValidate: true });
    onListo?.(archivo);
  }, [archivo, source, setValue, onListo]);

  const remove = () => {
    cancel();
    setValue(source, null, { shouldDirty: true });
  };

  return (
    <Stack spacing={1} sx={{ width: '100%', mb: 2 }}>
      <TextInput source={source} validate={validate} helperText={helperText} />
      {valor ? vista(urlDeArchivo(valor)) : null}
      <ZonaSubida accept={accept} elegir={elegir} onArchivo={start} />
      {pendientes.map((p) => (
        <Typography key={`${p.nombre}-${p.tamano}`} variant="body2" color="text.secondary">
          {translate('aula.subida.pendiente', { nombre: p.nombre, tamano: formatTamano(p.tamano) })}
        </Typography>
      ))}
      {estado && <ProgresoSubida estado={estado} onPausar={pause} onReanudar={resume} onCancelar={cancel} />}
      {estado?.fase === 'subida' && <EstadoArchivo archivo={archivo} />}
      {children}
      {valor ? (
        <Box>
          <Button size="small" color="inherit" startIcon={<DeleteOutlineIcon />} onClick={remove}>
            {translate('aula.subida.quitar')}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
};

/** After the bytes: «Procesando…» while the server reads the file, then its verdict. */
const EstadoArchivo = ({ archivo }: { archivo?: Archivo }) => {
  const translate = useTranslate();
  if (archivo?.estado === 'error') {
    return <FormHelperText error>{archivo.error || translate('aula.subida.error.procesado')}</FormHelperText>;
  }
  if (archivo?.estado === 'listo') {
    return (
      <Typography variant="body2" color="success.main">
        {translate('aula.subida.lista')}
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <CircularProgress size={16} />
      <Typography variant="body2">{translate('aula.subida.procesando')}</Typography>
    </Stack>
  );
};
