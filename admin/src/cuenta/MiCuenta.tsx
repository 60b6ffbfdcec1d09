// «Mi cuenta»: what every account manages for itself, whatever its role.
import { Stack } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { SegundoFactor } from './SegundoFactor';

export default function MiCuenta() {
  const translate = useTranslate();
  return (
    <Stack spacing={2} sx={{ my: 2, maxWidth: 720 }}>
      <Title title={translate('aula.cuenta.titulo')} />
      <SegundoFactor />
    </Stack>
  );
}
