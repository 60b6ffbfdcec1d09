// «Mi cuenta» (/main/cuenta): what every account does for itself, one section after another.
import { type ComponentType, useState } from 'react';
import Stack from '@mui/material/Stack';
import { Title, useTranslate } from 'react-admin';
import { CambiarContrasena } from './CambiarContrasena';
import { SegundoFactor } from './SegundoFactor';
import { SesionesAbiertas } from './SesionesAbiertas';

/** Each receives `alCambiar`, to call when what it did changes the others (a new password closes sessions). */
export const SECCIONES: ComponentType<{ alCambiar?: () => void }>[] = [CambiarContrasena, SesionesAbiertas, SegundoFactor];

export default function MiCuenta() {
  const translate = useTranslate();
  // A change in one section redraws the rest from the API.
  const [vuelta, setVuelta] = useState(0);
  return (
    <Stack spacing={2} sx={{ my: 2, maxWidth: 720 }}>
      <Title title={translate('aula.cuenta.titulo')} />
      {SECCIONES.map((Seccion, i) => (
        <Seccion key={`${i}-${vuelta}`} alCambiar={() => setVuelta((v) => v + 1)} />
      ))}
    </Stack>
  );
}
