// One section of Mi cuenta: a card named by its heading, so a screen reader lists it as a region.
import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

export const Seccion = ({ id, titulo, children }: { id: string; titulo: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" gutterBottom>
          {translate(titulo)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
};
