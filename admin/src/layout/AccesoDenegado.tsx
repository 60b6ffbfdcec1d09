// What a role reaches when it opens by address a page its declaration forbids (a bookmark, a
// link from a colleague with another role): it names the account's role, so the person knows
// the page exists and whom to ask, and offers the way back.
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { usePermissions, useTranslate } from 'react-admin';
import { claveDeValor } from '../common/choices';

const AccesoDenegado = () => {
  const translate = useTranslate();
  const { permissions: rol } = usePermissions<string | undefined>();
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('ra.page.access_denied')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {rol
          ? translate('aula.accesoDenegado.conRol', { rol: translate(claveDeValor('logins', 'rol', rol)) })
          : translate('ra.message.access_denied')}
      </Typography>
      <Button component={RouterLink} to="/main" variant="contained">
        {translate('aula.accesoDenegado.volver')}
      </Button>
    </Box>
  );
};

export default AccesoDenegado;
