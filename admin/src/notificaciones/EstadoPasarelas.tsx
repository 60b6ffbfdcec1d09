// Which gateways this installation takes payments from: a contable who sees no notifications
// learns here whether none came or none can come.
import { Alert, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { callApi } from '../providers/api';

interface Estado {
  stripe: { configurada: boolean; direccion: string };
  redsys: { configurada: boolean; direccion: string; comercio: string | null };
  facturarAlCobrar: boolean;
}

export const EstadoPasarelas = () => {
  const translate = useTranslate();
  const { data } = useQuery({
    queryKey: ['pasarelas', 'estado'],
    queryFn: async () => {
      const res = await callApi('/pasarelas/estado');
      return res.ok ? ((await res.json()) as Estado) : null;
    },
  });
  if (!data) return null;
  return (
    <Stack spacing={1} sx={{ px: 2, pt: 1 }}>
      <Alert severity={data.stripe.configurada ? 'success' : 'info'}>
        {translate(data.stripe.configurada ? 'aula.cobros.stripeConfigurado' : 'aula.cobros.stripeSinConfigurar', { direccion: data.stripe.direccion })}
      </Alert>
      <Alert severity={data.redsys.configurada ? 'success' : 'info'}>
        {translate(data.redsys.configurada ? 'aula.cobros.redsysConfigurado' : 'aula.cobros.redsysSinConfigurar', { direccion: data.redsys.direccion, comercio: data.redsys.comercio ?? '' })}
      </Alert>
      {(data.stripe.configurada || data.redsys.configurada) && <Alert severity="info">{translate(data.facturarAlCobrar ? 'aula.cobros.seFactura' : 'aula.cobros.noSeFactura')}</Alert>}
    </Stack>
  );
};
