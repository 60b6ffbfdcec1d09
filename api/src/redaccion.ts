// How the catalogue's pages word a sentence (capital letter, a count with its noun), shared by
// them all. It imports only the contract's grammar of labels, so every page can stand on it.
import type { Etiquetas } from '../../contrato/etiquetas.js';

export const mayuscula = (s: string) => s[0].toUpperCase() + s.slice(1);
/** «1 clase», «3 clases». */
export const cuenta = (n: number, singular: string, plural: string) => `${n} ${n === 1 ? singular : plural}`;

export const plural = (n: number, e: Etiquetas) => cuenta(n, e.singular, e.plural);
