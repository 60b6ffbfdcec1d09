import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Box, type Theme, useMediaQuery } from '@mui/material';
import { SortButton } from 'react-admin';
import { RespuestaPendiente } from './Buscando';

/** Below the `sm` breakpoint (600 px) a table does not fit: lists switch to one line per record. */
export const useIsSmall = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));

/**
 * Below the `lg` breakpoint (1 200 px) a table shares the screen with the side menu: on a
 * tablet (820 px) some 560 px are left, fewer than a full table of pagos or usuarios needs.
 */
export const useIsMedium = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down('lg'));

type Columna = { source?: string; sortBy?: string; sortable?: boolean };

/** A table (a Datagrid) whose children are its columns. */
type Tabla = ReactElement<{ children?: ReactNode }>;

/** The fields a table's column headers sort by, in the table's order. */
export const camposOrdenables = (tabla: Tabla): string[] =>
  Children.toArray(tabla.props.children)
    .filter((c): c is ReactElement<Columna> => isValidElement(c))
    .filter((c) => c.props.sortable !== false)
    .map((c) => c.props.sortBy ?? c.props.source)
    .filter((campo): campo is string => Boolean(campo));

interface ResponsiveListProps {
  /** What a phone shows instead of the table (one line per record). */
  small: ReactElement;
  /** The table for wider screens. */
  children: Tabla;
  /** The `source` of the columns the table drops on a tablet, the least needed to tell records apart. */
  omitOnTablet?: string[];
}

/** The table without the columns named in `omit`. */
const withoutColumns = (table: Tabla, omit: string[]) =>
  cloneElement(
    table,
    undefined,
    Children.toArray(table.props.children).filter(
      (column) => !(isValidElement<{ source?: string }>(column) && omit.includes(column.props.source ?? '')),
    ),
  );

/**
 * Renders `small` on phones, the table without `omitOnTablet` on tablets, the whole table above.
 * A phone's lines have no column headers to click, so phones get a sort menu offering the
 * columns the table sorts by. While a new search or page is on its way, the rows still on
 * screen are dimmed under a progress bar (common/listas/Buscando.tsx).
 */
export const ResponsiveList = ({ small, children, omitOnTablet = [] }: ResponsiveListProps) => {
  const isSmall = useIsSmall();
  const isMedium = useIsMedium();
  if (!isSmall) return <RespuestaPendiente>{isMedium && omitOnTablet.length ? withoutColumns(children, omitOnTablet) : children}</RespuestaPendiente>;
  const campos = camposOrdenables(children);
  return (
    <>
      {campos.length > 0 && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1 }}>
          <SortButton fields={campos} />
        </Box>
      )}
      <RespuestaPendiente>{small}</RespuestaPendiente>
    </>
  );
};
