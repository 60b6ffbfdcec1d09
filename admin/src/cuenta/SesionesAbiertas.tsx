// Mi cuenta's «Sesiones abiertas»: where the account is signed in, and closing any or all others.
import { useCallback, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useNotify, useTranslate } from 'react-admin';
import { DateTimeField } from '../common/formato/DateTimeField';
import { closeOtrasSesiones, closeSesion, fetchSesiones, type SesionAbierta } from './api';
import { resumenDispositivo } from './dispositivo';
import { Seccion } from './Seccion';

export const SesionesAbiertas = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [sesiones, setSesiones] = useState<SesionAbierta[] | undefined>();

  const reload = useCallback(async () => {
    try {
      setSesiones(await fetchSesiones());
    } catch (e) {
      notify(e instanceof Error ? e.message : 'aula.cuenta.sesiones.fallo', { type: 'error' });
    }
  }, [notify]);

  useEffect(() => void reload(), [reload]);

  const perform = async (accion: () => Promise<void>, aviso: string) => {
    try {
      await accion();
      notify(aviso, { type: 'info' });
    } catch (e) {
      notify(e instanceof Error ? e.message : 'aula.cuenta.sesiones.fallo', { type: 'error' });
    }
    await reload();
  };

  const otras = sesiones?.filter((s) => !s.actual) ?? [];
  return (
    <Seccion id="cuenta-sesiones" titulo="aula.cuenta.sesiones.titulo">
      <List dense disablePadding>
        {sesiones?.map((s) => (
          <ListItem key={s.id} divider sx={{ flexWrap: 'wrap', gap: 1, px: 0 }} data-testid="sesion-abierta">
            <ListItemText
              sx={{ flex: '1 1 14rem' }}
              primary={resumenDispositivo(s.dispositivo)}
              secondary={
                <>
                  {translate('aula.cuenta.sesiones.ip')}: {s.ip ?? '—'} · {translate('aula.cuenta.sesiones.actividad')}:{' '}
                  <DateTimeField record={s} source="lastSeenAt" component="span" variant="inherit" />
                </>
              }
            />
            {s.actual ? (
              <Chip label={translate('aula.cuenta.sesiones.estaSesion')} color="primary" variant="outlined" size="small" />
            ) : (
              <Button size="small" onClick={() => void perform(() => closeSesion(s.id), 'aula.cuenta.sesiones.cerrada')}>
                {translate('aula.cuenta.sesiones.cerrar')}
              </Button>
            )}
          </ListItem>
        ))}
      </List>
      <Box sx={{ mt: 2 }}>
        {sesiones && !otras.length ? (
          <Typography variant="body2">{translate('aula.cuenta.sesiones.ninguna')}</Typography>
        ) : (
          <Button variant="outlined" disabled={!otras.length} onClick={() => void perform(closeOtrasSesiones, 'aula.cuenta.sesiones.cerradas')}>
            {translate('aula.cuenta.sesiones.cerrarDemas')}
          </Button>
        )}
      </Box>
    </Seccion>
  );
};
