import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * One line of a page's facts (inside a `<Box component="dl">`): its name and its value side by
 * side, one above the other on a phone; a long value wraps instead of widening the page.
 */
export const Dato = ({ etiqueta, children }: { etiqueta: string; children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '16rem 1fr' }, columnGap: 2, py: 0.75, borderTop: 1, borderColor: 'divider' }}>
    <Typography component="dt" variant="body2" color="text.secondary">
      {etiqueta}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);
