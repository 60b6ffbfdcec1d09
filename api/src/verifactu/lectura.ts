// Reading the AEAT's answers (and, in the tests, our own messages) by namespace-resolved local
// names: saxes checks the document is well-formed XML 1.0 and resolves the prefixes, whatever
// the sender chose (env:, soapenv:, tikR:…). A small tree is enough: an answer holds at most
// a thousand lines.
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

export function parseXml(xml: string): Nodo {
  const parser = new SaxesParser({ xmlns: true });
  const raiz: Nodo = { nombre: '#documento', ns: '', hijos: [], texto: '' };
  const pila: Nodo[] = [raiz];
  let error: Error | undefined;
  parser.on('error', (e) => {
    error ??= e;
  });
  parser.on('opentag', (tag) => {
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

/** Every descendant with this local name, depth first. */
export function buscar(n: Nodo, nombre: string): Nodo[] {
  const encontrados: Nodo[] = [];
  const visitar = (x: Nodo) => {
    for (const h of x.hijos) {
      if (h.nombre === nombre) encontrados.push(h);
      visitar(h);
    }
  };
  visitar(n);
  return encontrados;
}
