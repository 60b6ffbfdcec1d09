// The configuration as start-up takes it: config/ reads and types the environment, and each
// value only a module above it can judge is judged here by its owner, before anything opens: a
// weak ADMIN_PASSWORD (auth/), a NIF or a serie the invoices could not carry (resources/facturas/),
// a certificate the AEAT would refuse (verifactu/). Every failure names the variable to fix.
import { motivoRechazo } from './auth/politica.js';
import { ConfigError, type Config } from './config/index.js';
import { mensajes } from './mensajes.js';
import { esSerie } from './resources/facturas/formato.js';
import { nifValido, normalizeNif } from './resources/facturas/nif.js';
import { CertificadoNoValido, readCertificado } from './verifactu/certificado.js';

/** The configuration with its owners' checks passed: NIFs as the AEAT reads them, the certificate open. */
export function checkConfig(config: Config, ahora = new Date()): Config {
  // A weak ADMIN_PASSWORD would guard the whole of a production database: start-up stops instead.
  const { usuario, password } = config.admin;
  const motivo = config.env === 'production' && password ? motivoRechazo(password, usuario) : undefined;
  if (motivo) throw new ConfigError('ADMIN_PASSWORD', mensajes.auth.contrasena.config(motivo));

  let emisor = config.emisor;
  if (!emisor.demo) {
    const nif = normalizeNif(emisor.nif);
    if (!nifValido(nif)) throw new ConfigError('EMISOR_NIF', mensajes.facturacion.config.nifNoValido(emisor.nif));
    emisor = { ...emisor, nif };
  }

  for (const [variable, valor] of [['SERIE_FACTURAS', config.series.facturas], ['SERIE_RECTIFICATIVAS', config.series.rectificativas]]) {
    if (!esSerie(valor)) throw new ConfigError(variable, mensajes.facturacion.config.serieNoValida(valor));
  }

  let verifactu = config.verifactu;
  if (verifactu.productor.nif) {
    const nif = normalizeNif(verifactu.productor.nif);
    if (!nifValido(nif)) throw new ConfigError('SIF_PRODUCTOR_NIF', mensajes.facturacion.config.nifNoValido(verifactu.productor.nif));
    verifactu = { ...verifactu, productor: { ...verifactu.productor, nif } };
  }
  if (verifactu.archivoCertificado) {
    const { ruta, password: passphrase } = verifactu.archivoCertificado;
    try {
      verifactu = { ...verifactu, certificado: readCertificado(ruta, passphrase, ahora) };
    } catch (err) {
      if (err instanceof CertificadoNoValido) throw new ConfigError(err.variable, err.message);
      throw err;
    }
  }
  return { ...config, emisor, verifactu };
}
