import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A phone list row's tertiary text given as an element (a field). react-admin floats its own
 * tertiary text to the right only when it is a string or a function; an element is written
 * straight after the primary text, and the two ran together («técnicaPublicada»,
 * «A-304949,01 €»). This gives an element the same place, with a gap, never split.
 */
export const Terciario = ({ children }: { children: ReactNode }) => (
  // The space is for whoever reads the row as text (a screen reader, a copy): «Ruiz 49,00 €».
  <Box component="span" sx={{ float: 'right', ml: 1.5, opacity: 0.6, whiteSpace: 'nowrap' }}>
    {' '}
    {children}
  </Box>
);
