import { type DragEvent, useRef, useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslate } from 'react-admin';

interface ZonaSubidaProps {
  /** The types the file picker offers (the API judges the bytes anyway). */
  accept: string;
  /** Catalogue key of the button («Elegir vídeo»). */
  elegir: string;
  onArchivo: (file: File) => void;
}

/**
 * A button that opens the file picker, in an area a file can also be dropped on. A real button
 * that clicks the hidden input: MUI's upload recipe (a <label> styled as a button) opens the
 * picker on a click only, never with Enter or Space.
 */
export const ZonaSubida = ({ accept, elegir, onArchivo }: ZonaSubidaProps) => {
  const translate = useTranslate();
  const [encima, setEncima] = useState(false);
  const selector = useRef<HTMLInputElement>(null);
  const arrastrando = (e: DragEvent) => {
    e.preventDefault();
    setEncima(true);
  };
  const soltado = (e: DragEvent) => {
    e.preventDefault();
    setEncima(false);
    const file = e.dataTransfer.files[0];
    if (file) onArchivo(file);
  };
  return (
    <Box
      onDragOver={arrastrando}
      onDragLeave={() => setEncima(false)}
      onDrop={soltado}
      sx={{
        position: 'relative',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        p: 1.5,
        border: 1,
        borderStyle: 'dashed',
        borderRadius: 1,
        borderColor: encima ? 'primary.main' : 'divider',
        bgcolor: encima ? 'action.hover' : undefined,
      }}
    >
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => selector.current?.click()}>
        {translate(elegir)}
      </Button>
      {/* Out of sight, out of the tab order and of what a screen reader lists: the button above is how it is reached. */}
      <Box
        component="input"
        ref={selector}
        type="file"
        accept={accept}
        tabIndex={-1}
        aria-hidden="true"
        aria-label={translate(elegir)}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => {
          const file = e.target.files?.[0];
          // The same file chosen twice in a row (to resume it) must fire again.
          e.target.value = '';
          if (file) onArchivo(file);
        }}
        sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', opacity: 0 }}
      />
      <Typography variant="body2" color="text.secondary">
        {translate(encima ? 'aula.subida.soltarAhora' : 'aula.subida.soltar')}
      </Typography>
    </Box>
  );
};
