// Mi cuenta's «Contraseña»: the account changes its own; the API ends its other sessions.
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useNotify, useTranslate } from 'react-admin';
import { FormularioContrasena } from './FormularioContrasena';

export const CambiarContrasena = ({ alCambiar }: { alCambiar?: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Card component="section" aria-labelledby="cuenta-contrasena">
      <CardContent>
        <Typography id="cuenta-contrasena" variant="h6" component="h2" gutterBottom>
          {translate('aula.cuenta.contrasena.titulo')}
        </Typography>
        <FormularioContrasena
          alCambiar={() => {
            notify('aula.cuenta.contrasena.cambiada', { type: 'success' });
            alCambiar?.();
          }}
        />
      </CardContent>
    </Card>
  );
};
