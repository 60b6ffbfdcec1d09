import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Box, type Theme, useMediaQuery } from '@mui/material';
import { SortButton } from 'react-admin';

/** Below the `sm` breakpoint (600 px) a table does not fit: lists switch to one line per record. */
export const useIsSmall = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));

type Columna = { source?: string; sortBy?: string; sortable?: boolean };

/** The fields a table's column headers sort by, in the table's order. */
type Tabla = ReactElement<{ children?: ReactNode }>;

export const camposOrdenables = (tabla: Tabla): string[] =>
  Children.toArray(tabla.props.children)
    .filter((c): c is ReactElement<Columna> => isValidElement(c))
    .filter((c) => c.props.sortable !== false)
    .map((c) => c.props.sortBy ?? c.props.source)
    .filter((campo): campo is string => Boolean(campo));

/**
 * Renders `small` (a SimpleList) on phones and `children` (a Datagrid) on wider screens. A
 * SimpleList has no column headers to click, so phones get a sort menu offering the columns the
 * table sorts by.
 */
export const ResponsiveList = ({ small, children }: { small: ReactElement; children: Tabla }) => {
  if (!useIsSmall()) return children;
  const campos = camposOrdenables(children);
  return (
    <>
      {campos.length > 0 && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1 }}>
          <SortButton fields={campos} />
        </Box>
      )}
      {small}
    </>
  );
};
