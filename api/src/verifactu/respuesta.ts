// What the AEAT answers a message (RespuestaSuministro.xsd, or a SOAP 1.1 Fault), read into what
// the sender acts on. Anything else (an HTML error page, a truncated body) is no answer at all:
// the service description says to send the message again.
import { mensajes } from '../mensajes.js';
import { findNodos, hijo, hijos, parseXml, texto, XmlDemasiadoProfundo, XmlNoValido, type Nodo } from './lectura.js';

export interface LineaRespuesta {
  /** IDEmisorFactura|NumSerieFactura|FechaExpedicionFactura|alta|anulacion, as cola.claveDe builds it. */
  clave: string;
  estado: 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';
  codigo?: number;
  descripcion?: string;
  /** When refused as a duplicate: what the AEAT already holds under that key. */
  duplicado?: { estado: string; codigo?: number; descripcion?: string };
}

export type Respuesta =
  | {
      tipo: 'respuesta';
      csv?: string;
      /** Seconds to wait before the next message (TiempoEsperaEnvio). */
      tiempoEspera: number;
      estadoEnvio: 'Correcto' | 'ParcialmenteCorrecto' | 'Incorrecto';
      lineas: LineaRespuesta[];
    }
  | {
      tipo: 'fault';
      /** `Client`: the message is wrong; `Server`: the AEAT failed and it may be sent again. */
      lado: 'Client' | 'Server';
      /** The code in «Codigo[4102]…», when the text carries one. */
      codigo?: number;
      texto: string;
    }
  | { tipo: 'ilegible'; motivo: string };

const numero = (v: string | undefined) => (v && /^-?\d+$/.test(v) ? Number(v) : undefined);

function linea(n: Nodo): LineaRespuesta {
  const id = hijo(n, 'IDFactura');
  const tipo = (texto(n, 'Operacion', 'TipoOperacion') ?? 'Alta').toLowerCase();
  const duplicado = hijo(n, 'RegistroDuplicado');
  return {
    clave: `${texto(id, 'IDEmisorFactura')}|${texto(id, 'NumSerieFactura')}|${texto(id, 'FechaExpedicionFactura')}|${tipo}`,
    estado: texto(n, 'EstadoRegistro') as LineaRespuesta['estado'],
    codigo: numero(texto(n, 'CodigoErrorRegistro')),
    descripcion: texto(n, 'DescripcionErrorRegistro'),
    duplicado: duplicado && {
      estado: texto(duplicado, 'EstadoRegistroDuplicado') ?? '',
      codigo: numero(texto(duplicado, 'CodigoErrorRegistro')),
      descripcion: texto(duplicado, 'DescripcionErrorRegistro'),
    },
  };
}

export function parseRespuesta(xml: string): Respuesta {
  let raiz: Nodo;
  try {
    raiz = parseXml(xml);
  } catch (err) {
    if (err instanceof XmlDemasiadoProfundo) return { tipo: 'ilegible', motivo: err.message };
    if (err instanceof XmlNoValido) return { tipo: 'ilegible', motivo: mensajes.verifactu.sinRespuesta.noEsXml(err.message) };
    throw err;
  }
  const [fault] = findNodos(raiz, 'Fault');
  if (fault) {
    const codigoSoap = texto(fault, 'faultcode') ?? '';
    const textoFault = (texto(fault, 'faultstring') ?? '').replace(/\s+/g, ' ');
    // «env:Client», «soapenv:Server.userException»: the local part says whose fault it is.
    const lado = /(^|:)Client/.test(codigoSoap) ? 'Client' : 'Server';
    return { tipo: 'fault', lado, codigo: numero(/Codigo\[(\d+)\]/.exec(textoFault)?.[1]), texto: textoFault };
  }
  const [r] = findNodos(raiz, 'RespuestaRegFactuSistemaFacturacion');
  const estadoEnvio = texto(r, 'EstadoEnvio');
  const espera = numero(texto(r, 'TiempoEsperaEnvio'));
  if (!r || !estadoEnvio || espera === undefined) return { tipo: 'ilegible', motivo: mensajes.verifactu.sinRespuesta.noEsRespuesta };
  return {
    tipo: 'respuesta',
    csv: texto(r, 'CSV') || undefined,
    tiempoEspera: espera,
    estadoEnvio: estadoEnvio as 'Correcto',
    lineas: hijos(r, 'RespuestaLinea').map(linea),
  };
}
