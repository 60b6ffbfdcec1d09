// What start-up says about the remission (docs/arquitectura.md §11): the mode, the certificate
// and what needs attention, beside the certificate it reads.
import type { Config } from '../config/index.js';
import { diasHastaCaducar, fechaEs } from './certificado.js';

/** What start-up says about the remission, once per machine (index.ts): the mode, the certificate, and what needs attention. */
export function avisosVerifactu(config: Pick<Config, 'env' | 'verifactu' | 'emisor'>, ahora = new Date()): { aviso: boolean; texto: string }[] {
  const { modo, certificado, url } = config.verifactu;
  if (modo === 'desactivado') {
    return config.env === 'production'
      ? [{ aviso: true, texto: '¡ATENCIÓN! VERIFACTU=desactivado: las facturas NO se están remitiendo a la AEAT. Un sistema de facturación debe remitir cada registro (VERIFACTU=produccion) desde 2027' }]
      : [];
  }
  const avisos = [
    {
      aviso: false,
      texto: `VeriFactu: remisión al entorno de ${modo === 'produccion' ? 'producción' : 'pruebas'} de la AEAT (${url}) con el certificado de ${certificado!.titular}, válido hasta el ${fechaEs(certificado!.caduca)}`,
    },
  ];
  const dias = diasHastaCaducar(certificado!, ahora);
  if (dias <= 30) avisos.push({ aviso: true, texto: `El certificado de VERIFACTU_CERT caduca el ${fechaEs(certificado!.caduca)} (${dias === 0 ? 'hoy' : dias === 1 ? 'mañana' : `dentro de ${dias} días`}): renuévalo antes o la AEAT rechazará los envíos` });
  if (certificado!.nif && certificado!.nif !== config.emisor.nif) {
    avisos.push({ aviso: false, texto: `El certificado es de ${certificado!.nif}, no del emisor (${config.emisor.nif}): la AEAT solo lo acepta si ${certificado!.nif} lo representa (apoderado o colaborador social)` });
  }
  return avisos;
}
