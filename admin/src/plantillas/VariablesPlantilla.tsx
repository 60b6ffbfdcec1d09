import { Box, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { useAjustesCorreo } from '../correos/api';

/** The variables the template's kind may use, as they are written (`{{cliente}}`), each with what it holds. */
export const VariablesPlantilla = () => {
  const translate = useTranslate();
  const clave = useWatch({ name: 'clave' }) as string | undefined;
  const { data } = useAjustesCorreo();
  const variables = clave ? data?.tipos[clave]?.variables : undefined;
  if (!variables) return null;
  return (
    <Box component="section" aria-labelledby="variables-plantilla" sx={{ mt: 1 }}>
      <Typography id="variables-plantilla" variant="subtitle2" component="h2">
        {translate('aula.correo.variables')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('aula.correo.variablesAyuda')}
      </Typography>
      <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5 }}>
        {Object.entries(variables).map(([nombre, descripcion]) => (
          <Box key={nombre} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {`{{${nombre}}}`}
            </Typography>
            <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0, mb: { xs: 0.75, sm: 0 } }}>
              {descripcion}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
};
