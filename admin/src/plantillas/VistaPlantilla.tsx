import { Alert, Box, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { VistaHtml, VistaTexto } from '../correos/VistaHtml';
import { CAMPOS_PLANTILLA, type EstadoVista, type Plantilla, useVistaPlantilla } from './useVistaPlantilla';

/** The type of the errors this preview puts on the form, so it clears only its own. */
const DE_LA_VISTA = 'vista';

/**
 * The preview's refusals under their fields, as a failed save would put them; what is typed stays.
 * A field the server no longer refuses loses the message, and only that one.
 */
function useErroresEnElFormulario(errores: EstadoVista['errores']) {
  const { setError, clearErrors, getFieldState } = useFormContext();
  useEffect(() => {
    for (const campo of CAMPOS_PLANTILLA) {
      const mensaje = errores[campo];
      if (mensaje) setError(campo, { type: DE_LA_VISTA, message: mensaje });
      else if (getFieldState(campo).error?.type === DE_LA_VISTA) clearErrors(campo);
    }
  }, [errores, setError, clearErrors, getFieldState]);
}

/**
 * Beside the editor (below it on a phone): the message as it would leave with sample values, its
 * subject, its HTML in a frame that runs nothing and its plain text, brought up to date while
 * the administrador types.
 */
export const VistaPlantilla = () => {
  const translate = useTranslate();
  const valores = useWatch() as Partial<Plantilla>;
  const { vista, errores, fallo, cargando } = useVistaPlantilla(valores);
  useErroresEnElFormulario(errores);
  const conErrores = Object.keys(errores).length > 0;
  return (
    <Box component="section" aria-labelledby="vista-plantilla" sx={{ minWidth: 0 }}>
      <Typography id="vista-plantilla" variant="h6" component="h2">
        {translate('aula.correo.vista')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('aula.correo.vistaAyuda')}
      </Typography>
      {/* Its place kept while nothing travels: the page does not jump at every pause. */}
      <Box sx={{ height: 4, mb: 1 }}>{cargando && <LinearProgress aria-label={translate('aula.correo.vistaCargando')} />}</Box>
      <Stack spacing={1.5} aria-live="polite" aria-busy={cargando}>
        {conErrores && <Alert severity="warning">{translate('aula.correo.vistaConErrores')}</Alert>}
        {fallo && <Alert severity="error">{translate('aula.correo.vistaFallo', { motivo: translate(fallo, { _: fallo }) })}</Alert>}
        {vista && (
          <>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="vista-asunto">
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {translate('aula.correo.vistaAsunto')}:{' '}
              </Box>
              <strong>{vista.asunto}</strong>
            </Typography>
            <VistaHtml html={vista.html} titulo={translate('aula.correo.htmlMarco', { asunto: vista.asunto })} />
            <Typography variant="subtitle2" component="h3">
              {translate('aula.correo.vistaTexto')}
            </Typography>
            <VistaTexto texto={vista.texto} />
          </>
        )}
      </Stack>
    </Box>
  );
};
