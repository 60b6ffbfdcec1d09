import type { ReactElement } from 'react';
import { type Theme, useMediaQuery } from '@mui/material';

/** Below the `sm` breakpoint (600 px) a table does not fit: lists switch to one line per record. */
export const useIsSmall = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));

/** Renders `small` (a SimpleList) on phones and `children` (a Datagrid) on wider screens. */
export const ResponsiveList = ({ small, children }: { small: ReactElement; children: ReactElement }) =>
  useIsSmall() ? small : children;
