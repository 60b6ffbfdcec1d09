// The declaración responsable (Orden HAC/1177/2024, art. 15): a page anyone can open, signed in
// or not, and print. Outside react-admin, like the login: MUI, the router and the catalogue's
// texts, read from the API's public GET /verifactu/declaracion.
import PrintIcon from '@mui/icons-material/Print';
import { Alert, Box, Button, CircularProgress, Container, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Declaracion } from '../../../contrato/verifactu';
import { callApi } from '../providers/api';
import { verifactu } from '../providers/i18n/verifactu';

const textos = verifactu.declaracion;

const DeclaracionPage = () => {
  const [declaracion, setDeclaracion] = useState<Declaracion>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    document.title = verifactu.pagina.declaracion;
    callApi('/verifactu/declaracion').then(
      async (r) => (r.ok ? setDeclaracion(await r.json()) : setError(`HTTP ${r.status}`)),
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
  }, []);

  if (error) return <Alert severity="error">{textos.error.replace('%{error}', error)}</Alert>;
  if (!declaracion) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', pt: '30vh' }} role="status" aria-label={textos.cargando}>
        <CircularProgress />
      </Box>
    );
  }
  return (
    <Container component="main" maxWidth="md" sx={{ py: 4, '@media print': { py: 0 } }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end', mb: 2, '@media print': { display: 'none' } }}>
        <Button component={RouterLink} to="/main">
          {textos.volver}
        </Button>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {textos.imprimir}
        </Button>
      </Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 'bold', mb: 3, overflowWrap: 'anywhere' }}>
        {declaracion.titulo}
      </Typography>
      {!declaracion.remisionActiva && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {textos.remisionDesactivada}
        </Alert>
      )}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {declaracion.apartados.map((a) => (
          <Box component="li" key={a.letra} sx={{ mb: 2, breakInside: 'avoid' }}>
            <Typography variant="body1" sx={{ fontWeight: 'bold' }}>
              {a.letra}) {a.texto}:
            </Typography>
            <Typography variant="body1" sx={{ overflowWrap: 'anywhere' }}>
              {a.valor ?? textos.sinIndicar.replace('%{variable}', a.falta ?? '')}
            </Typography>
          </Box>
        ))}
      </Box>
    </Container>
  );
};

export default DeclaracionPage;
