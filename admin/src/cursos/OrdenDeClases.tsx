import { useRef } from 'react';
import { List, Typography } from '@mui/material';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { restrictToVerticalAxis, restrictToParentElement } from '@dnd-kit/modifiers';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useCanAccess, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { FilaDeClase } from './FilaDeClase';
import { useOrdenDeClases } from './useOrdenDeClases';

/**
 * The curso's clases, reordered by dragging a handle or from the keyboard (Space to lift,
 * arrows to move, Space to drop, Escape to cancel), each move saved as one request. A role that
 * cannot change the curso reads the same list with no handles.
 */
export const OrdenDeClases = () => {
  const curso = useRecordContext();
  const translate = useTranslate();
  const { clases, move, guardando } = useOrdenDeClases(curso?.id ?? 0);
  const { canAccess: ordenable = false } = useCanAccess({ action: 'edit', resource: 'cursos', record: curso });
  const { canAccess: editable = false } = useCanAccess({ action: 'edit', resource: 'clases' });
  const sensors = useSensors(
    // A few pixels before a drag starts, so a tap on the handle is not a move.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const ids = clases.map((c) => c.id);
  const total = ids.length;
  const titulo = (id: UniqueIdentifier) => clases.find((c) => c.id === id)?.titulo ?? '';
  const posicion = (id: UniqueIdentifier | undefined) => ids.indexOf(id as RaRecord['id']) + 1;
  // dnd-kit reports the lifted clase as over itself at once; said again, it would cut «levantada» short.
  const ultimoSobre = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      ultimoSobre.current = active.id;
      return translate('aula.orden.levantada', { titulo: titulo(active.id), posicion: posicion(active.id), total });
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === ultimoSobre.current) return undefined;
      ultimoSobre.current = over.id;
      return translate('aula.orden.sobre', { titulo: titulo(active.id), posicion: posicion(over.id), total });
    },
    onDragEnd: ({ active, over }) => translate('aula.orden.soltada', { titulo: titulo(active.id), posicion: posicion(over?.id ?? active.id), total }),
    onDragCancel: ({ active }) => translate('aula.orden.cancelada', { titulo: titulo(active.id), posicion: posicion(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) move(active.id as RaRecord['id'], over.id as RaRecord['id']);
  };

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        modifiers={[restrictToVerticalAxis, restrictToParentElement]}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: translate('aula.orden.instrucciones') } }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <List dense disablePadding aria-busy={guardando}>
            {clases.map((clase, i) => (
              <FilaDeClase key={clase.id} clase={clase} posicion={i + 1} disabled={guardando} movible={ordenable} editable={editable} />
            ))}
          </List>
        </SortableContext>
      </DndContext>
      {guardando && (
        <Typography variant="body2" color="text.secondary" role="status">
          {translate('aula.orden.guardando')}
        </Typography>
      )}
    </>
  );
};
