// Who issues the invoices (EMISOR_*) and their series (SERIE_*).
import { ConfigError, type Env } from './leer.js';

export type EmisorConfig = { nif: string; nombre: string; domicilio: string; demo: boolean };
export type SeriesConfig = { facturas: string; rectificativas: string };

/** A business that does not exist, so a demo invoice can never pass for a real one. */
export const EMISOR_DEMO = {
  nif: 'B00000000',
  nombre: 'Academia Aula de Demostración S.L. (ficticia)',
  domicilio: 'Calle Ficticia 1, 28000 Madrid',
};

/** What the AEAT's records hold of a name (NombreRazon, TextMax120Type). */
export const MAX_NOMBRE_AEAT = 120;

export function parseEmisor(env: Env, production: boolean): EmisorConfig {
  const dados = { nif: env.EMISOR_NIF?.trim(), nombre: env.EMISOR_NOMBRE?.trim(), domicilio: env.EMISOR_DOMICILIO?.trim() };
  if (!production && !dados.nif && !dados.nombre && !dados.domicilio) return { ...EMISOR_DEMO, demo: true };
  const variables = { nif: 'EMISOR_NIF', nombre: 'EMISOR_NOMBRE', domicilio: 'EMISOR_DOMICILIO' } as const;
  for (const [campo, variable] of Object.entries(variables) as [keyof typeof variables, string][]) {
    if (!dados[campo]) throw new ConfigError(variable, 'es necesaria: los datos del emisor figuran en cada factura');
  }
  if (dados.nombre!.length > MAX_NOMBRE_AEAT) {
    throw new ConfigError('EMISOR_NOMBRE', `tiene ${dados.nombre!.length} caracteres: los registros de facturación de la AEAT admiten ${MAX_NOMBRE_AEAT}`);
  }
  return { nif: dados.nif!, nombre: dados.nombre!, domicilio: dados.domicilio!, demo: false };
}

export function parseSeries(env: Env): SeriesConfig {
  const facturas = env.SERIE_FACTURAS?.trim() || 'A';
  const rectificativas = env.SERIE_RECTIFICATIVAS?.trim() || 'R';
  if (facturas === rectificativas) throw new ConfigError('SERIE_RECTIFICATIVAS', `debe ser distinta de SERIE_FACTURAS («${facturas}»): se numeran aparte`);
  return { facturas, rectificativas };
}
