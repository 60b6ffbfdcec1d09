// One message of the outbox: its headers (whom for, subject, estado, attempts, when it left, its
// Message-ID), what it concerns with links, the HTML part as its reader sees it in a frame that
// runs nothing, the plain text part, and, when it failed, the server's reason; «Reintentar» and
// «Descartar» where its estado allows.
import { Alert, AlertTitle, Box, Stack, Typography } from '@mui/material';
import {
  BooleanField,
  Labeled,
  NumberField,
  type RaRecord,
  ReferenceField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { choicesDe } from '../common/formato/choices';
import { DateTimeField } from '../common/formato/DateTimeField';
import type { SinEtiqueta } from '../common/formato/SinEtiqueta';
import { AccionCorreo } from './AccionesCorreo';
import { wrapAt, EstadoCorreo } from './campos';
import { VistaHtml, VistaTexto } from './VistaHtml';

const Acciones = () => (
  <TopToolbar sx={{ flexWrap: 'wrap' }}>
    <AccionCorreo accion="reintentar" />
    <AccionCorreo accion="descartar" />
  </TopToolbar>
);

/** The records a message is about (its factura, pago, matrícula, usuario), each a link to its page. */
const REFERENCIAS = [
  ['facturaId', 'facturas'],
  ['pagoId', 'pagos'],
  ['matriculaId', 'matriculas'],
  ['usuarioId', 'usuarios'],
] as const;

const Sobre = (_props: SinEtiqueta) => {
  const correo = useRecordContext<RaRecord>();
  const translate = useTranslate();
  const { canAccess: leeCuentas } = useCanAccess({ action: 'list', resource: 'logins' });
  if (!correo) return null;
  const presentes = REFERENCIAS.filter(([campo]) => correo[campo] != null);
  return (
    <Labeled label="aula.correo.sobre" fullWidth>
      {presentes.length ? (
        <Stack direction="row" useFlexGap flexWrap="wrap" columnGap={4} rowGap={1}>
          {presentes.map(([campo, reference]) => (
            <Labeled key={campo} source={campo} resource="correos">
              <ReferenceField source={campo} reference={reference} link="show" />
            </Labeled>
          ))}
          {/* Who typed another address: named to whoever may read the accounts. */}
          {leeCuentas && correo.pedidoPorId != null && (
            <Labeled source="pedidoPorId" resource="correos">
              <ReferenceField source="pedidoPorId" reference="logins" link={false} />
            </Labeled>
          )}
        </Stack>
      ) : (
        <Typography variant="body2">{translate('aula.correo.nada')}</Typography>
      )}
    </Labeled>
  );
};

/** Why it failed, as the server answered, where it did. */
const Motivo = (_props: SinEtiqueta) => {
  const correo = useRecordContext<RaRecord>();
  const translate = useTranslate();
  if (correo?.estado !== 'fallido' || !correo.respuesta) return null;
  return (
    <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
      <AlertTitle>{translate('aula.correo.motivo')}</AlertTitle>
      {correo.respuesta}
    </Alert>
  );
};

const Cuerpos = (_props: SinEtiqueta) => {
  const correo = useRecordContext<RaRecord>();
  const translate = useTranslate();
  if (!correo) return null;
  return (
    <Box sx={{ width: '100%' }}>
      <Labeled label="aula.correo.html" fullWidth>
        <VistaHtml html={correo.html} titulo={translate('aula.correo.htmlMarco', { asunto: correo.asunto })} />
      </Labeled>
      <Labeled label="aula.correo.texto" fullWidth sx={{ mt: 2 }}>
        <VistaTexto texto={correo.texto} />
      </Labeled>
    </Box>
  );
};

const CorreoShow = () => (
  <Show actions={<Acciones />}>
    <SimpleShowLayout>
      <Motivo label={false} />
      <TextField source="para" sx={wrapAt(600)} />
      <TextField source="asunto" sx={wrapAt(600)} />
      <SelectField source="plantilla" choices={choicesDe('correos', 'plantilla')} />
      <EstadoCorreo label="resources.correos.fields.estado" />
      <NumberField source="intentos" />
      <DateTimeField source="createdAt" />
      <DateTimeField source="enviadoEn" emptyText="—" />
      <TextField source="respuesta" sx={wrapAt(600)} emptyText="—" />
      <TextField source="messageId" sx={wrapAt(600)} />
      <BooleanField source="adjuntarFactura" />
      <Sobre label={false} />
      <Cuerpos label={false} />
    </SimpleShowLayout>
  </Show>
);

export default CorreoShow;
