import { Avatar } from '@mui/material';
import ImageIcon from '@mui/icons-material/Image';
import { type FieldProps, useFieldValue } from 'react-admin';
import { urlDeArchivo } from './archivo';

/** A record's picture, small and cropped to a square; an icon when it has none or it fails to load. */
export const Miniatura = ({ ruta }: { ruta?: unknown }) => (
  <Avatar
    variant="rounded"
    src={typeof ruta === 'string' && ruta ? urlDeArchivo(ruta) : undefined}
    alt=""
    sx={{ width: 40, height: 40, bgcolor: 'action.hover', color: 'text.secondary' }}
  >
    <ImageIcon fontSize="small" />
  </Avatar>
);

/** The same, as a list column. */
export const MiniaturaField = (props: FieldProps) => <Miniatura ruta={useFieldValue(props)} />;
