import { useCallback, useState } from 'react';
import { Box, Button, Stack } from '@mui/material';
import ImageIcon from '@mui/icons-material/Image';
import { useTranslate, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { type Archivo, urlDeArchivo } from '../archivos/archivo';
import { ArchivoInput } from '../archivos/ArchivoInput';
import { VistaVideo } from '../archivos/Vistas';

const DIRTY = { shouldDirty: true, shouldValidate: true };

/**
 * A clase's video: uploaded, it brings its duration and its thumbnail into the form (the
 * thumbnail straight away when the clase has none, else offered with a button).
 */
export const VideoInput = (props: { validate?: Validator[]; helperText?: string }) => {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const miniatura = useWatch({ name: 'miniatura' }) as string | null | undefined;
  const [propuesta, setPropuesta] = useState<string>();

  const onListo = useCallback(
    (archivo: Archivo) => {
      if (archivo.duracion != null) setValue('duracion', archivo.duracion, DIRTY);
      if (!archivo.miniatura) return;
      if (!getValues('miniatura')) setValue('miniatura', archivo.miniatura, DIRTY);
      setPropuesta(archivo.miniatura);
    },
    [getValues, setValue],
  );

  const vista = (url: string) => <VistaVideo src={url} poster={miniatura ? urlDeArchivo(miniatura) : undefined} />;

  return (
    <ArchivoInput
      source="video"
      carpeta="videos"
      accept="video/mp4,video/webm,video/quicktime"
      elegir="aula.subida.elegirVideo"
      vista={vista}
      onListo={onListo}
      {...props}
    >
      {propuesta && propuesta !== miniatura && (
        <Stack direction="row" spacing={1.5} alignItems="center">
          <Box
            component="img"
            src={urlDeArchivo(propuesta)}
            alt={translate('aula.subida.miniaturaDelVideo')}
            sx={{ width: 96, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1 }}
          />
          <Button size="small" startIcon={<ImageIcon />} onClick={() => setValue('miniatura', propuesta, DIRTY)}>
            {translate('aula.subida.usarComoMiniatura')}
          </Button>
        </Stack>
      )}
    </ArchivoInput>
  );
};
