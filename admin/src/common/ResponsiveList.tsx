import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { type Theme, useMediaQuery } from '@mui/material';

/** Below the `sm` breakpoint (600 px) a table does not fit: lists switch to one line per record. */
export const useIsSmall = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));

/**
 * Below the `lg` breakpoint (1 200 px) a table shares the screen with the side menu: on a
 * tablet (820 px) some 560 px are left, fewer than a full table of pagos or usuarios needs.
 */
export const useIsMedium = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down('lg'));

interface ResponsiveListProps {
  /** What a phone shows instead of the table (a SimpleList). */
  small: ReactElement;
  /** The table (a Datagrid) for wider screens. */
  children: ReactElement<{ children?: ReactNode }>;
  /** The `source` of the columns the table drops on a tablet, the least needed to tell records apart. */
  omitOnTablet?: string[];
}

/** The table without the columns named in `omit`. */
const withoutColumns = (table: ResponsiveListProps['children'], omit: string[]) =>
  cloneElement(
    table,
    undefined,
    Children.toArray(table.props.children).filter(
      (column) => !(isValidElement<{ source?: string }>(column) && omit.includes(column.props.source ?? '')),
    ),
  );

/** Renders `small` on phones, the table without `omitOnTablet` on tablets, the whole table above. */
export const ResponsiveList = ({ small, children, omitOnTablet = [] }: ResponsiveListProps) => {
  const isSmall = useIsSmall();
  const isMedium = useIsMedium();
  if (isSmall) return small;
  return isMedium && omitOnTablet.length ? withoutColumns(children, omitOnTablet) : children;
};
