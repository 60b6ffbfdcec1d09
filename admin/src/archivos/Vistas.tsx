import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The uploaded (or linked) video, playable inline; `poster` is the clase's thumbnail. */
export const VistaVideo = ({ src, poster }: { src: string; poster?: string }) => {
  const translate = useTranslate();
  return (
    <Box
      component="video"
      controls
      preload="metadata"
      src={src}
      poster={poster}
      aria-label={translate('aula.subida.vistaPrevia')}
      sx={{ display: 'block', width: '100%', maxWidth: 480, aspectRatio: '16 / 9', bgcolor: 'common.black', borderRadius: 1 }}
    />
  );
};

/** A photo's preview, whole (not cropped), at a size that leaves the form readable. */
export const VistaFoto = ({ src }: { src: string }) => {
  const translate = useTranslate();
  return (
    <Box
      component="img"
      src={src}
      alt={translate('aula.subida.vistaPrevia')}
      sx={{ display: 'block', maxWidth: '100%', width: 240, maxHeight: 180, objectFit: 'contain', bgcolor: 'action.hover', borderRadius: 1 }}
    />
  );
};
