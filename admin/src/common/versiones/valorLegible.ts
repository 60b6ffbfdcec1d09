// A field's value as a person reads it in a record's history or a save's conflict: money in
// euros, dates at the Spanish, enums and booleans by their labels, nothing as «—».
import { recurso } from '../../entidades';
import { claveDeValor } from '../formato/choices';
import { formatDiaHora } from '../formato/dates';
import { formatMoney } from '../formato/money';

export type Traducir = (clave: string, opciones?: Record<string, unknown>) => string;

/** `moneda`: the record's currency, for its amounts (a pago in dollars reads in dollars). */
export function valorLegible(resource: string, campo: string, valor: unknown, translate: Traducir, moneda?: unknown): string {
  if (valor === null || valor === undefined || valor === '') return '—';
  const field = recurso(resource).fields[campo];
  if (field?.money && typeof valor === 'number') return formatMoney(valor, typeof moneda === 'string' ? moneda : undefined);
  if (field?.type === 'date-time') return formatDiaHora(valor);
  if (field?.type === 'boolean' || typeof valor === 'boolean') return translate(valor ? 'ra.boolean.true' : 'ra.boolean.false');
  if (field?.enumLabels && (typeof valor === 'string' || typeof valor === 'number')) return translate(claveDeValor(resource, campo, valor), { _: String(valor) });
  if (field?.references) return `#${valor}`;
  return String(valor);
}

/** How the catalogue names a field (resources.<recurso>.fields.<campo>, from the registry's labels). */
export const etiquetaDe = (resource: string, campo: string, translate: Traducir) =>
  translate(`resources.${resource}.fields.${campo}`, { _: recurso(resource).fields[campo]?.label ?? campo });

type Autor = { login: { nombre: string | null; usuario: string | null } | null; token?: { nombre: string | null } | null };

/** Who made a change a history row records: their name, else their user name, else the API token's («Tienda web (token)»), else «alguien». */
export const quienDe = (fila: Autor | null | undefined, translate: Traducir) =>
  fila?.login?.nombre ||
  fila?.login?.usuario ||
  (fila?.token ? translate('aula.historial.token', { nombre: fila.token.nombre ?? '' }) : translate(fila && !fila.login ? 'aula.historial.automatico' : 'aula.historial.alguien'));
