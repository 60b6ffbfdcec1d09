import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { Box, IconButton, ListItem, ListItemButton, ListItemText } from '@mui/material';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Link, RecordContextProvider, SelectField, useCreatePath, useTranslate, type RaRecord } from 'react-admin';
import { DuracionField } from '../clases/DuracionField';
import { choicesDe } from '../common/formato/choices';

interface Props {
  clase: RaRecord;
  posicion: number;
  disabled: boolean;
  /** With no handle for a role that only reads the curso. */
  movible: boolean;
  /** A link to the clase's form, for a role that can change clases; otherwise the row is only read. */
  editable: boolean;
}

/** One clase of a curso: its handle moves it (pointer or keyboard), the rest opens it. */
export const FilaDeClase = ({ clase, posicion, disabled, movible, editable }: Props) => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: clase.id,
    disabled: disabled || !movible,
  });
  const texto = (
    <ListItemText
      primary={
        <>
          <span>{posicion}.</span> <span>{clase.titulo}</span>
        </>
      }
      secondary={
        <>
          <SelectField source="estado" choices={choicesDe('clases', 'estado')} />
          {clase.gratuita ? ` · ${translate('resources.clases.fields.gratuita')}` : null}
          {typeof clase.duracion === 'number' ? ' · ' : null}
          <DuracionField source="duracion" />
        </>
      }
    />
  );
  return (
    <RecordContextProvider value={clase}>
      <ListItem
        ref={setNodeRef}
        disablePadding
        divider
        data-testid="fila-clase"
        sx={{
          transform: CSS.Transform.toString(transform),
          transition,
          position: 'relative',
          zIndex: isDragging ? 1 : 'auto',
          bgcolor: isDragging ? 'action.selected' : undefined,
        }}
      >
        {movible && (
          <IconButton
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={translate('aula.orden.asa', { titulo: clase.titulo })}
            disabled={disabled}
            // The handle takes the touch: dragging it does not scroll the page.
            sx={{ touchAction: 'none', cursor: disabled ? 'default' : 'grab', mx: 0.5 }}
          >
            <DragIndicatorIcon />
          </IconButton>
        )}
        {editable ? (
          <ListItemButton component={Link} to={createPath({ resource: 'clases', id: clase.id, type: 'edit' })} sx={{ minWidth: 0 }}>
            {texto}
          </ListItemButton>
        ) : (
          <Box sx={{ px: 2, py: 0.5, minWidth: 0 }}>{texto}</Box>
        )}
      </ListItem>
    </RecordContextProvider>
  );
};
