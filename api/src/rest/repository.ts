// The repository of the REST engine: reading (rest/lectura.ts) and the one write path
// (rest/escritura.ts) over the registry's entities, one instance per app (app.ts), handed to
// every plugin that reads or writes records.
import { Escritura } from './escritura.js';

export { combine, orderTerms, type CountAnswer } from './lectura.js';
export type { Actor, ArchivoHooks, Calculo, Condiciones } from './escritura.js';
export { esUrl } from './comprobaciones.js';

export class Repository extends Escritura {}
