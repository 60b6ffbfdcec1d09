// A template's editor: its subject and its two bodies (HTML and plain text) beside a live preview
// (below it on a phone), the variables its kind may use, «Restablecer el original», and its
// history with «Restaurar esta versión», as every restaurable entity has.
import { Box } from '@mui/material';
import { SaveButton, SimpleForm, TextInput, Toolbar, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { claveDeValor } from '../common/formato/choices';
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

// A template is never deleted (the API refuses it): only «Guardar».
const SoloGuardar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/** «Plantilla de correo «Factura emitida»»: the kind by its label, not its key. */
const Titulo = () => {
  const plantilla = useRecordContext();
  const translate = useTranslate();
  if (!plantilla) return null;
  return <>{translate('aula.correo.tituloPlantilla', { plantilla: translate(claveDeValor('plantillas', 'clave', plantilla.clave)) })}</>;
};

const PlantillaEdit = () => (
  <EditConVersion actions={<Acciones />} title={<Titulo />}>
    <SimpleForm warnWhenUnsavedChanges toolbar={<SoloGuardar />}>
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
