import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { type RaRecord, useRecordContext } from 'react-admin';
import { BotonAccion } from '../common/acciones/BotonAccion';
import { recordFileUrl } from '../providers/dataProvider';

/**
 * «Descargar PDF» of an issued invoice (a borrador has none). A plain link, like «Exportar»: the
 * API answers it as an attachment and the session cookie goes with a top-level GET.
 */
export const DescargarPdfButton = () => {
  const factura = useRecordContext<RaRecord>();
  if (!factura || factura.estado === 'borrador') return null;
  return (
    <BotonAccion component="a" label="aula.facturacion.pdf" icon={<PictureAsPdfIcon />} href={recordFileUrl('facturas', factura.id, 'pdf')} download />
  );
};
