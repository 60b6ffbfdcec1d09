// A few minutes before the session lapses, on a page with unsaved changes, a warning that does
// not block the form: «Seguir conectado» is a cheap request, which extends the session.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Portal, Snackbar } from '@mui/material';
import { useTranslate } from 'react-admin';
import { faseDeCaducidad } from '../providers/caducidad';
import { fetchSesion, useCaducidad, useEspera, useHasCambios } from './useCaducidad';

const hora = new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit' });

export const AvisoCaducidad = () => {
  const translate = useTranslate();
  const conCambios = useHasCambios();
  const caducidad = useCaducidad();
  const espera = useEspera();
  const [ahora, setAhora] = useState(Date.now);
  const [cerrado, setCerrado] = useState<string>();
  const [consultando, setConsultando] = useState(false);

  // Asked once per session, when there is first something to lose; every call then keeps it.
  useEffect(() => {
    if (conCambios && !caducidad) fetchSesion({ pedida: false }).catch(() => undefined);
  }, [conCambios, caducidad]);

  const fase = caducidad && faseDeCaducidad(caducidad, ahora);
  // Wakes at the next change of phase; anything that moves the expiry reschedules it.
  useEffect(() => {
    if (!conCambios || fase?.siguiente === undefined) return;
    const id = setTimeout(() => setAhora(Date.now()), Math.max(0, fase.siguiente - Date.now()));
    return () => clearTimeout(id);
  }, [conCambios, fase?.siguiente]);
  // Read afresh whenever the expiry moves: the clock may have run on since the last wake.
  useEffect(() => setAhora(Date.now()), [caducidad]);

  if (!conCambios || !fase || fase.fase === 'lejos' || espera) return null;
  const clave = `${fase.fase}-${fase.fin}`;
  if (cerrado === clave) return null;

  const resume = async () => {
    setConsultando(true);
    try {
      await fetchSesion({ pedida: true });
    } catch {
      // An expired session answers with the sign-in dialog; anything else, the next save says.
    } finally {
      setConsultando(false);
    }
  };

  const texto =
    fase.fase === 'caducada'
      ? translate('aula.sesion.aviso.caducada')
      : translate(fase.porInactividad ? 'aula.sesion.aviso.inactividad' : 'aula.sesion.aviso.maxima', { hora: hora.format(fase.fin) });
  // Past the absolute expiry's warning nothing extends the session: no button then.
  const puedeSeguir = fase.porInactividad || fase.fase === 'caducada';

  return (
    // A Snackbar draws where it is rendered: inside the page's content the app bar would cover it.
    <Portal>
      <Snackbar open anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
        <Alert
          severity="warning"
          variant="filled"
          onClose={() => setCerrado(clave)}
          closeText={translate('ra.action.close')}
        >
          {texto}
          {/* Under the words, not beside them: beside, a phone leaves the words a narrow column. */}
          {puedeSeguir && (
            <Box sx={{ mt: 1 }}>
              <Button color="inherit" variant="outlined" size="small" onClick={resume} disabled={consultando}>
                {translate('aula.sesion.aviso.seguir')}
              </Button>
            </Box>
          )}
        </Alert>
      </Snackbar>
    </Portal>
  );
};
