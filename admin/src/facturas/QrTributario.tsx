import { Box, Typography } from '@mui/material';
import { type RaRecord, useRecordContext, useTranslate } from 'react-admin';
import type { SinEtiqueta } from '../common/formato/SinEtiqueta';
import { recordFileUrl } from '../providers/dataProvider';
import { remisionActiva, useEstadoVerifactu } from '../verifactu/estado';
import { useTextoFactura } from './useTextoFactura';

/**
 * The AEAT cotejo QR of an issued invoice, with the texts the PDF prints around it (docs/arquitectura.md §11):
 * what a customer scans to check the invoice at the AEAT. The API draws it; the session cookie
 * goes with the image request, as with any same-site image. «Factura verificable…» only while
 * the records reach the AEAT: with the remission off, the page claims nothing.
 */
export const QrTributario = (_props: SinEtiqueta) => {
  const factura = useRecordContext<RaRecord>();
  const translate = useTranslate();
  const texto = useTextoFactura();
  const { data: estado } = useEstadoVerifactu();
  if (!factura || factura.estado === 'borrador') return null;
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography variant="body2">{translate('aula.facturacion.qr')}</Typography>
      <Box
        component="img"
        src={recordFileUrl('facturas', factura.id, 'qr.svg')}
        alt={translate('aula.facturacion.qrAlt', { factura: texto(factura) })}
        sx={{ display: 'block', width: 140, height: 140, my: 1, bgcolor: 'common.white' }}
      />
      {remisionActiva(estado) && (
        <Typography component="figcaption" variant="caption">
          {translate('aula.facturacion.qrPie')}
        </Typography>
      )}
    </Box>
  );
};
