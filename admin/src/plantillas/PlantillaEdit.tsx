// A template's editor: its subject and its two bodies (HTML and plain text) beside a live preview
// (below it on a phone), the variables its kind may use, «Restablecer el original», and its
// history with «Restaurar esta versión», as every restaurable entity has.
import { Box } from '@mui/material';
import { SimpleForm, TextInput, TopToolbar } from 'react-admin';
import { CambiosSinGuardar } from '../common/formularios/CambiosSinGuardar';
import { DialogoConflicto } from '../common/versiones/DialogoConflicto';
import { EditConVersion } from '../common/versiones/EditConVersion';
import { SeccionHistorial } from '../common/versiones/SeccionHistorial';
import { validadores } from '../entidades';
import { RestablecerOriginal } from './RestablecerOriginal';
import { VariablesPlantilla } from './VariablesPlantilla';
import { VistaPlantilla } from './VistaPlantilla';

const v = validadores('plantillas');

const Acciones = () => (
  <TopToolbar sx={{ flexWrap: 'wrap' }}>
    <RestablecerOriginal />
  </TopToolbar>
);

const PlantillaEdit = () => (
  <EditConVersion actions={<Acciones />}>
    <SimpleForm warnWhenUnsavedChanges>
      <CambiosSinGuardar />
      <DialogoConflicto />
      {/* Two columns where there is room for the editor and a 600 px message side by side. */}
      <Box sx={{ width: '100%', display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 3, alignItems: 'start' }}>
        <Box sx={{ minWidth: 0 }}>
          <TextInput source="asunto" validate={v.asunto} fullWidth />
          <TextInput source="html" validate={v.html} multiline minRows={8} fullWidth sx={{ '& textarea': { fontFamily: 'monospace', fontSize: '0.875rem' } }} />
          <TextInput source="texto" validate={v.texto} multiline minRows={6} fullWidth />
          <VariablesPlantilla />
        </Box>
        <VistaPlantilla />
      </Box>
    </SimpleForm>
    <SeccionHistorial />
  </EditConVersion>
);

export default PlantillaEdit;
