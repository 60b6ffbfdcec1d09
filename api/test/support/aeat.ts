// A local AEAT, real-shaped: HTTPS with a CA made for the run, a client certificate required (the
// TLS handshake fails without one signed by that CA), every envelope validated against the AEAT's
// SuministroLR.xsd by xmllint (a SOAP Fault 4102 otherwise, like respuestas/soap-fault-4102.xml),
// and answers shaped like the four recorded in referencias/aeat-verifactu/respuestas. Like the AEAT, it
// remembers what it registered: an alta sent again for a key it holds is a «duplicado» (3000).
// Scripted per message: a Fault Client or Server, no answer, a cut connection, registering and
// never answering (an answer lost on the way back), registering and answering late, or
// registering and answering a body nested deeper than any answer.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { findNodos, hijo, parseXml, texto, type Nodo } from '../../src/verifactu/lectura.js';
import { crearPki, type Pki } from './certificados.js';
import { validarSobre } from './xsd.js';

export type Modo =
  | 'normal'
  /** 500 with a Fault env:Client (4104 unless `codigoCliente` says otherwise): the whole message refused. */
  | 'faultCliente'
  /** 500 with a Fault env:Server. */
  | 'faultServidor'
  /** Reads the message and never answers: the sender's timeout. */
  | 'sinRespuesta'
  /** Closes the connection as soon as the message is in. */
  | 'cortar'
  /** Registers every record, then never answers: an answer lost on the way back. */
  | 'registrarYCallar'
  /** Registers every record and answers as usual, `demoraMs` later. */
  | 'tardar'
  /** Registers every record and answers `anidamiento` nested elements instead of its answer. */
  | 'anidar';

/** What the AEAT decides for one record instead of accepting it. */
export interface Decision {
  estado: 'AceptadoConErrores' | 'Incorrecto';
  codigo: number;
  descripcion: string;
}

export interface RegistroRecibido {
  tipo: 'alta' | 'anulacion';
  idEmisor: string;
  numSerie: string;
  fecha: string;
  subsanacion?: string;
  rechazoPrevio?: string;
  sinRegistroPrevio?: string;
  /** The element as it arrived, for byte-for-byte comparisons between sends. */
  xml: string;
  nodo: Nodo;
}

export interface Peticion {
  /** ms since the epoch when the whole message had arrived. */
  llegada: number;
  modo: Modo;
  valida: boolean;
  errores: string;
  incidencia: boolean;
  registros: RegistroRecibido[];
  /** The answer's EstadoEnvio, when it answered one. */
  estadoEnvio?: string;
}

export interface AeatDePruebas {
  url: string;
  pki: Pki;
  /** What Aula needs to send here: VERIFACTU, VERIFACTU_URL, the certificate, the CA, the producer. */
  env: Record<string, string>;
  peticiones: Peticion[];
  /** TiempoEsperaEnvio it answers, in seconds. */
  tiempoEspera: number;
  /** The Fault Client code for 'faultCliente'. */
  codigoCliente: number;
  /** Behaviours for the next messages, in order; then 'normal'. */
  siguientes: Modo[];
  /** How late 'tardar' answers (ms). */
  demoraMs: number;
  /** How deep the body 'anidar' answers is. */
  anidamiento: number;
  /** Per record: accepted unless this says otherwise. */
  decidir: (r: RegistroRecibido) => Decision | undefined;
  /** The most messages it was ever handling at once. */
  maxSimultaneas: number;
  /** Keys it holds (IDEmisor|NumSerie|Fecha) and in what state. */
  registradas: Map<string, 'Correcta' | 'AceptadaConErrores' | 'Anulada'>;
  /** Resolves once `n` messages have arrived (or rejects after `ms`). */
  esperarPeticiones(n: number, ms?: number): Promise<void>;
  /** Forgets every message and registration, back to answering normally with a 1 s wait. */
  reiniciar(): void;
  cerrar(): Promise<void>;
}

const TIK = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd';
const TIKR = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd';

export const PRODUCTOR = {
  SIF_PRODUCTOR_NOMBRE: 'Programas Ejemplo S.L.',
  SIF_PRODUCTOR_NIF: 'B87654323',
  SIF_PRODUCTOR_DIRECCION: 'Calle del Código 7, 28004 Madrid, España',
  SIF_DECLARACION_LUGAR: 'Madrid, España',
  SIF_DECLARACION_FECHA: '15-01-2027',
};

const esc = (s: string) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
const csvNuevo = () => `A-${randomBytes(10).toString('base64').replace(/[^A-Z0-9]/gi, '').toUpperCase().padEnd(14, 'X').slice(0, 14)}`;

/** A Fault as the AEAT writes it (respuestas/soap-fault-4102.xml). */
export const fault = (lado: 'Client' | 'Server', codigo: number, texto: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><env:Fault><faultcode>env:${lado}</faultcode><faultstring>Codigo[${codigo}].${esc(texto)}</faultstring><detail><callstack>___ignore___</callstack></detail></env:Fault></env:Body></env:Envelope>`;

function leerRegistros(raiz: Nodo): { incidencia: boolean; obligado: { nombre: string; nif: string }; registros: Omit<RegistroRecibido, 'xml'>[] } {
  const cabecera = hijo(hijo(hijo(raiz, 'Body'), 'RegFactuSistemaFacturacion'), 'Cabecera');
  const registros = findNodos(raiz, 'RegistroFactura').map((rf) => {
    const nodo = rf.hijos[0];
    const id = hijo(nodo, 'IDFactura');
    const alta = nodo.nombre === 'RegistroAlta';
    return {
      tipo: alta ? ('alta' as const) : ('anulacion' as const),
      idEmisor: texto(id, alta ? 'IDEmisorFactura' : 'IDEmisorFacturaAnulada')!,
      numSerie: texto(id, alta ? 'NumSerieFactura' : 'NumSerieFacturaAnulada')!,
      fecha: texto(id, alta ? 'FechaExpedicionFactura' : 'FechaExpedicionFacturaAnulada')!,
      subsanacion: texto(nodo, 'Subsanacion'),
      rechazoPrevio: texto(nodo, 'RechazoPrevio'),
      sinRegistroPrevio: texto(nodo, 'SinRegistroPrevio'),
      nodo,
    };
  });
  return {
    incidencia: texto(cabecera, 'RemisionVoluntaria', 'Incidencia') === 'S',
    obligado: { nombre: texto(cabecera, 'ObligadoEmision', 'NombreRazon')!, nif: texto(cabecera, 'ObligadoEmision', 'NIF')! },
    registros,
  };
}

export async function crearAeat(opciones: { tiempoEspera?: number } = {}): Promise<AeatDePruebas> {
  const pki = await crearPki();
  const sockets = new Set<Socket>();
  let enCurso = 0;
  const colgadas = new Set<import('node:http').ServerResponse>();

  const aeat: AeatDePruebas = {
    url: '',
    pki,
    env: {},
    peticiones: [],
    tiempoEspera: opciones.tiempoEspera ?? 1,
    codigoCliente: 4104,
    siguientes: [],
    demoraMs: 3000,
    anidamiento: 20_000,
    decidir: () => undefined,
    maxSimultaneas: 0,
    registradas: new Map(),
    esperarPeticiones: (n, ms = 20_000) =>
      new Promise((resolve, reject) => {
        const hasta = Date.now() + ms;
        const mirar = () => {
          if (aeat.peticiones.length >= n) resolve();
          else if (Date.now() > hasta) reject(new Error(`la AEAT de pruebas recibió ${aeat.peticiones.length} mensajes de ${n} esperados`));
          else setTimeout(mirar, 20);
        };
        mirar();
      }),
    reiniciar: () => {
      aeat.peticiones.length = 0;
      aeat.registradas.clear();
      aeat.siguientes.length = 0;
      aeat.decidir = () => undefined;
      aeat.tiempoEspera = opciones.tiempoEspera ?? 1;
      aeat.codigoCliente = 4104;
      aeat.demoraMs = 3000;
      aeat.anidamiento = 20_000;
    },
    cerrar: async () => {
      for (const res of colgadas) res.destroy();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => servidor.close(() => resolve()));
      await pki.borrar();
    },
  };

  /** The answer to a valid message, record by record, like the AEAT's. */
  function responder(registros: RegistroRecibido[], obligado: { nombre: string; nif: string }): { cuerpo: string; estadoEnvio: string } {
    const lineas: string[] = [];
    let aceptados = 0;
    let errores = 0;
    for (const r of registros) {
      const clave = `${r.idEmisor}|${r.numSerie}|${r.fecha}`;
      const previo = aeat.registradas.get(clave);
      const decision = aeat.decidir(r);
      let linea: { estado: string; codigo?: number; descripcion?: string; duplicado?: string } = { estado: 'Correcto' };
      if (r.tipo === 'alta') {
        const subsana = r.subsanacion === 'S' && r.rechazoPrevio !== 'X';
        if (!subsana && previo) linea = { estado: 'Incorrecto', codigo: 3000, descripcion: 'Registro de facturación duplicado.', duplicado: previo };
        else if (subsana && !previo) linea = { estado: 'Incorrecto', codigo: 3002, descripcion: 'No existe el registro de facturación.' };
        else if (decision) linea = decision;
        if (linea.estado !== 'Incorrecto') aeat.registradas.set(clave, linea.estado === 'AceptadoConErrores' ? 'AceptadaConErrores' : 'Correcta');
      } else {
        const sinPrevio = r.sinRegistroPrevio === 'S';
        if (sinPrevio && previo && previo !== 'Anulada') linea = { estado: 'Incorrecto', codigo: 3000, descripcion: 'Registro de facturación duplicado.', duplicado: previo };
        else if (!sinPrevio && !previo) linea = { estado: 'Incorrecto', codigo: 3002, descripcion: 'No existe el registro de facturación.' };
        else if (decision) linea = decision;
        if (linea.estado !== 'Incorrecto') aeat.registradas.set(clave, 'Anulada');
      }
      if (linea.estado !== 'Incorrecto') aceptados++;
      if (linea.estado !== 'Correcto') errores++;
      const operacion =
        `<tik:TipoOperacion>${r.tipo === 'alta' ? 'Alta' : 'Anulacion'}</tik:TipoOperacion>` +
        (r.subsanacion ? `<tik:Subsanacion>${r.subsanacion}</tik:Subsanacion>` : '') +
        (r.rechazoPrevio ? `<tik:RechazoPrevio>${r.rechazoPrevio}</tik:RechazoPrevio>` : '') +
        (r.sinRegistroPrevio ? `<tik:SinRegistroPrevio>${r.sinRegistroPrevio}</tik:SinRegistroPrevio>` : '');
      lineas.push(
        `<tikR:RespuestaLinea><tikR:IDFactura><tik:IDEmisorFactura>${r.idEmisor}</tik:IDEmisorFactura><tik:NumSerieFactura>${esc(r.numSerie)}</tik:NumSerieFactura>` +
          `<tik:FechaExpedicionFactura>${r.fecha}</tik:FechaExpedicionFactura></tikR:IDFactura><tikR:Operacion>${operacion}</tikR:Operacion>` +
          `<tikR:EstadoRegistro>${linea.estado}</tikR:EstadoRegistro>` +
          (linea.codigo ? `<tikR:CodigoErrorRegistro>${linea.codigo}</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>${esc(linea.descripcion!)}</tikR:DescripcionErrorRegistro>` : '') +
          (linea.duplicado
            ? `<tikR:RegistroDuplicado><tik:IdPeticionRegistroDuplicado>${randomBytes(6).toString('hex')}</tik:IdPeticionRegistroDuplicado><tik:EstadoRegistroDuplicado>${linea.duplicado}</tik:EstadoRegistroDuplicado></tikR:RegistroDuplicado>`
            : '') +
          `</tikR:RespuestaLinea>`,
      );
    }
    const estadoEnvio = aceptados === 0 ? 'Incorrecto' : errores ? 'ParcialmenteCorrecto' : 'Correcto';
    const csv = aceptados ? `<tikR:CSV>${csvNuevo()}</tikR:CSV><tikR:DatosPresentacion><tik:NIFPresentador>${obligado.nif}</tik:NIFPresentador><tik:TimestampPresentacion>${new Date().toISOString().slice(0, 19)}+01:00</tik:TimestampPresentacion></tikR:DatosPresentacion>` : '';
    const cuerpo =
      `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"> <env:Header/> <env:Body Id="Body">` +
      `<tikR:RespuestaRegFactuSistemaFacturacion xmlns:tik="${TIK}" xmlns:tikR="${TIKR}">${csv}` +
      `<tikR:Cabecera><tik:ObligadoEmision><tik:NombreRazon>${esc(obligado.nombre)}</tik:NombreRazon><tik:NIF>${obligado.nif}</tik:NIF></tik:ObligadoEmision></tikR:Cabecera>` +
      `<tikR:TiempoEsperaEnvio>${aeat.tiempoEspera}</tikR:TiempoEsperaEnvio><tikR:EstadoEnvio>${estadoEnvio}</tikR:EstadoEnvio>${lineas.join('')}` +
      `</tikR:RespuestaRegFactuSistemaFacturacion> </env:Body></env:Envelope>`;
    return { cuerpo, estadoEnvio };
  }

  const servidor = https.createServer(
    {
      key: await readFile(pki.servidor.key),
      cert: await readFile(pki.servidor.cert),
      ca: await readFile(pki.ca),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      enCurso++;
      aeat.maxSimultaneas = Math.max(aeat.maxSimultaneas, enCurso);
      res.on('close', () => enCurso--);
      const partes: Buffer[] = [];
      req.on('data', (p: Buffer) => partes.push(p));
      req.on('end', async () => {
        const llegada = Date.now();
        const xml = Buffer.concat(partes).toString('utf8');
        const modo = aeat.siguientes.shift() ?? 'normal';
        const validacion = await validarSobre(xml);
        const peticion: Peticion = { llegada, modo, valida: validacion.ok, errores: validacion.errores, incidencia: false, registros: [] };
        aeat.peticiones.push(peticion);
        const enviar = (status: number, cuerpo: string) => res.writeHead(status, { 'Content-Type': 'text/xml; charset=UTF-8' }).end(cuerpo);
        if (!validacion.ok) {
          const primera = validacion.errores.split('\n')[0]?.replace(/^[^:]*:\d+: /, '') ?? '';
          return enviar(500, fault('Client', 4102, `El XML no cumple el esquema. ${primera}`));
        }
        const leido = leerRegistros(parseXml(xml));
        peticion.incidencia = leido.incidencia;
        // Each record's element exactly as it arrived, to compare one send with the next.
        const fragmentos = [...xml.matchAll(/<lr:RegistroFactura>(.*?)<\/lr:RegistroFactura>/gs)].map((m) => m[1]);
        peticion.registros = leido.registros.map((r, i) => ({ ...r, xml: fragmentos[i] ?? '' }));
        if (modo === 'cortar') return req.socket.destroy();
        if (modo === 'sinRespuesta') return void colgadas.add(res);
        if (modo === 'faultServidor') return enviar(500, fault('Server', 3501, 'Error técnico de base de datos.'));
        if (modo === 'faultCliente') return enviar(500, fault('Client', aeat.codigoCliente, 'Error en la cabecera: el valor del campo NIF del bloque ObligadoEmision no está identificado.'));
        const { cuerpo, estadoEnvio } = responder(peticion.registros, leido.obligado);
        peticion.estadoEnvio = estadoEnvio;
        if (modo === 'registrarYCallar') return void colgadas.add(res);
        if (modo === 'anidar') return enviar(200, `<?xml version="1.0" encoding="UTF-8"?>${'<a>'.repeat(aeat.anidamiento)}${'</a>'.repeat(aeat.anidamiento)}`);
        if (modo === 'tardar') {
          colgadas.add(res);
          return void setTimeout(() => {
            colgadas.delete(res);
            if (!res.destroyed) enviar(200, cuerpo);
          }, aeat.demoraMs);
        }
        enviar(200, cuerpo);
      });
    },
  );
  servidor.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
  aeat.url = `https://127.0.0.1:${(servidor.address() as AddressInfo).port}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`;
  aeat.env = {
    VERIFACTU: 'pruebas',
    VERIFACTU_URL: aeat.url,
    VERIFACTU_CERT: pki.cliente,
    VERIFACTU_CERT_PASSWORD: pki.password,
    VERIFACTU_CA: pki.ca,
    ...PRODUCTOR,
  };
  return aeat;
}
