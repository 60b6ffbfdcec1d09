// The demo's outbox (docs/arquitectura.md §25): the last ordinary invoices' emails as they went, rendered
// with the original templates, one refused by the client's server (550) and the two newest still
// waiting (the demo has no mail server), so «Correo» and every invoice's messages show each state.
import { frameHtml, frameTexto, valoresComunes } from '../api/src/correo/formato.js';
import { renderPlantilla, TIPOS } from '../api/src/correo/plantillas.js';
import { EMISOR_DEMO } from '../api/src/config/facturacion.js';
import { fechaExpedicion, importeEs } from '../api/src/resources/facturas/formato.js';
import { iso, type Row } from './util.js';

/** How many of the newest issued invoices have their email in the demo. */
const ENVIADAS = 14;

export function correosDemo(primerId: number, facturas: Row[], emailDe: (usuarioId: number) => string): Row[] {
  const comunes = valoresComunes({ ...EMISOR_DEMO, demo: true }, 'Aula');
  const ultimas = [...facturas].sort((a, b) => String(a.fecha).localeCompare(String(b.fecha))).slice(-ENVIADAS);
  return ultimas.map((f, i) => {
    const numero = `${f.serie}-${f.numero}`;
    const p = renderPlantilla(TIPOS.factura, { ...comunes, cliente: String(f.clienteNombre ?? ''), numero, fecha: fechaExpedicion(String(f.fecha), 'Europe/Madrid', '/'), total: importeEs(Number(f.total)) });
    const encolado = Date.parse(String(f.fecha)) + 1000;
    const estado = i >= ultimas.length - 2 ? 'pendiente' : i === 3 ? 'fallido' : 'enviado';
    return {
      id: primerId + i,
      plantilla: 'factura',
      para: emailDe(Number(f.usuarioId)),
      asunto: p.asunto,
      html: frameHtml(p.html, p.asunto, comunes),
      texto: frameTexto(p.texto, comunes),
      estado,
      intentos: estado === 'pendiente' ? 0 : 1,
      proximoIntento: iso(encolado),
      respuesta: estado === 'enviado' ? '250 2.0.0 Ok: queued' : estado === 'fallido' ? '550 5.1.1 El buzón no existe' : null,
      enviadoEn: estado === 'enviado' ? iso(encolado + 2000) : null,
      messageId: `<demo-factura-${f.id}@aula.localhost>`,
      adjuntarFactura: true,
      datos: null,
      facturaId: f.id,
      pagoId: null,
      matriculaId: null,
      usuarioId: f.usuarioId,
      cuentaId: null,
      pedidoPorId: null,
      createdAt: iso(encolado),
      updatedAt: iso(estado === 'pendiente' ? encolado : encolado + 2000),
      version: estado === 'pendiente' ? 1 : 2,
    };
  });
}
