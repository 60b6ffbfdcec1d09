// Reading the AEAT's answers (and, in the tests, our own messages) by namespace-resolved local
// names: saxes checks the document is well-formed XML 1.0 and resolves the prefixes, whatever
// the sender chose (env:, soapenv:, tikR:…). A small tree is enough: an answer holds at most
// a thousand lines, a dozen levels deep.
import { SaxesParser } from 'saxes';
import { mensajes } from '../mensajes.js';

export interface Nodo {
  /** Local name, without its prefix. */
  nombre: string;
  ns: string;
  hijos: Nodo[];
  texto: string;
}

export class XmlNoValido extends Error {}

/** Well-formed as far as it was read, but nested deeper than any answer: not read further. */
export class XmlDemasiadoProfundo extends XmlNoValido {}

/**
 * Deeper than any message of the AEAT (about ten levels) and than ours. A body nested deeper is
 * refused at that level: saxes resolves each element's prefix up the open elements, so 200 000
 * nested ones took some twenty minutes of the event loop before anything else could fail.
 */
export const MAX_PROFUNDIDAD = 64;

export function parseXml(xml: string): Nodo {
  const parser = new SaxesParser({ xmlns: true });
  const raiz: Nodo = { nombre: '#documento', ns: '', hijos: [], texto: '' };
  const pila: Nodo[] = [raiz];
  let error: Error | undefined;
  parser.on('error', (e) => {
    error ??= e;
  });
  parser.on('opentag', (tag) => {
    // The document itself is the stack's first entry.
    if (pila.length > MAX_PROFUNDIDAD) throw new XmlDemasiadoProfundo(mensajes.verifactu.sinRespuesta.demasiadoProfunda(MAX_PROFUNDIDAD));
    const nodo: Nodo = { nombre: tag.local ?? tag.name, ns: tag.uri ?? '', hijos: [], texto: '' };
    pila[pila.length - 1].hijos.push(nodo);
    pila.push(nodo);
  });
  parser.on('text', (t) => {
    pila[pila.length - 1].texto += t;
  });
  parser.on('cdata', (t) => {
    pila[pila.length - 1].texto += t;
  });
  parser.on('closetag', () => {
    pila.pop();
  });
  parser.write(xml).close();
  if (error) throw new XmlNoValido(error.message);
  if (raiz.hijos.length !== 1) throw new XmlNoValido(mensajes.verifactu.sinRespuesta.sinRaiz);
  return raiz.hijos[0];
}

/** The first child by local name (and namespace, when given). */
export const hijo = (n: Nodo | undefined, nombre: string, ns?: string) => n?.hijos.find((h) => h.nombre === nombre && (ns === undefined || h.ns === ns));

export const hijos = (n: Nodo | undefined, nombre: string) => n?.hijos.filter((h) => h.nombre === nombre) ?? [];

/** The trimmed text of a path of children (`texto(n, 'IDFactura', 'NumSerieFactura')`), or undefined. */
export function texto(n: Nodo | undefined, ...ruta: string[]): string | undefined {
  let actual = n;
  for (const nombre of ruta) actual = hijo(actual, nombre);
  return actual ? actual.texto.trim() : undefined;
}

/** Every descendant with this local name, depth first, walked with a stack of its own rather than the call stack. */
export function findNodos(n: Nodo, nombre: string): Nodo[] {
  const encontrados: Nodo[] = [];
  const pendientes = [...n.hijos].reverse();
  for (let x = pendientes.pop(); x; x = pendientes.pop()) {
    if (x.nombre === nombre) encontrados.push(x);
    for (let i = x.hijos.length - 1; i >= 0; i--) pendientes.push(x.hijos[i]);
  }
  return encontrados;
}
