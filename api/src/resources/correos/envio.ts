// The sender (docs/arquitectura.md §25): one job per message, one at a time in the whole
// installation, over the process's one SMTP connection. Delivery is at least once: the message is
// handed to the server and then marked `enviado` in a fenced transaction; a process killed
// between the two leaves it `pendiente`, and whoever takes the job up sends it again with the same
// Message-ID (so a mail client shows one). Exactly once would need the server to take part in our
// transaction, which SMTP has no way to do.
import type { Config } from '../../config/index.js';
import type { Db } from '../../db/index.js';
import { defineTrabajo, FalloDefinitivo } from '../../trabajos/definir.js';
import { mensajes } from '../../mensajes.js';
import { buildPdfFactura } from '../facturas/index.js';
import { TRABAJO_ENVIO } from '../../correo/encolar.js';
import { findTransporte } from '../../correo/transporte.js';
import { completeEnlace } from '../../correo/enlaces.js';

const MINUTO = 60_000;
/** How long a message is tried for: then `fallido`. */
export const PLAZO_ENTREGA_MS = 2 * 24 * 60 * MINUTO;

interface ErrorSmtp extends Error {
  responseCode?: number;
  response?: string;
  code?: string;
}

/** A 5xx answer to the message itself (an unknown mailbox) will not change: anything else (4xx, a lost connection, a login refused by a server being set up) may. */
export const isPermanente = (e: ErrorSmtp) => typeof e.responseCode === 'number' && e.responseCode >= 500 && e.code !== 'EAUTH';

const respuestaDe = (e: ErrorSmtp) => (e.response ?? (e.responseCode ? `${e.responseCode} ${e.message}` : mensajes.correo.conexion(e.message))).slice(0, 1000);

export default defineTrabajo<{ db: Db; config: Config }, { correoId: number }>({
  nombre: TRABAJO_ENVIO,
  etiqueta: mensajes.correo.etiquetaEnvio,
  unoALaVez: true,
  concurrencia: 1,
  // 1, 2, 4 … minutes, then every hour: past the two days of PLAZO_ENTREGA_MS the message fails.
  reintentos: { maximo: 60, pausaMs: MINUTO, maximaMs: 60 * MINUTO },
  limiteMs: 2 * MINUTO,
  activo: ({ config }) => config.correo.smtpUrl !== null,
  async run({ correoId }, { servicios: { db, config }, transaction }) {
    const correo = await db('correos').where('id', correoId).first();
    if (!correo || correo.estado !== 'pendiente') return;
    // The pace (SMTP_MAX_POR_MINUTO), for the whole installation: its messages leave one at a time.
    const hace = new Date(Date.now() - MINUTO).toISOString();
    const recientes = await db('correos').where('enviadoEn', '>', hace).orderBy('enviadoEn').limit(config.correo.maxPorMinuto).pluck('enviadoEn');
    if (recientes.length >= config.correo.maxPorMinuto) return { otraVezEnMs: Math.max(50, new Date(recientes[0]).getTime() + MINUTO - Date.now()) };

    const guardado = { asunto: correo.asunto as string, html: correo.html as string, texto: correo.texto as string };
    const conFactura = Boolean(correo.adjuntarFactura && correo.facturaId);
    // What only leaving completes, in one fenced transaction when there is any: the invoice's PDF
    // as the download draws it now, and a single-use link (made as the message leaves, so no one
    // reads a live one in the outbox).
    const { mensaje, adjuntos } =
      conFactura || correo.datos
        ? await transaction(async (w) => {
            const pdf = conFactura ? await buildPdfFactura(Number(correo.facturaId), (r, id) => w.findById(r, id), config) : null;
            return {
              adjuntos: pdf ? [{ filename: pdf.filename, content: pdf.body, contentType: 'application/pdf' }] : [],
              mensaje: correo.datos ? await completeEnlace(w, config, JSON.parse(correo.datos), guardado) : guardado,
            };
          })
        : { mensaje: guardado, adjuntos: [] };

    const intentos = Number(correo.intentos) + 1;
    try {
      const info = await findTransporte(config.correo).sendMail({
        from: config.correo.from,
        to: correo.para,
        subject: mensaje.asunto,
        html: mensaje.html,
        text: mensaje.texto,
        messageId: correo.messageId,
        attachments: adjuntos,
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
      await transaction((w) => w.update('correos', correoId, { estado: 'enviado', intentos, enviadoEn: new Date().toISOString(), respuesta: String(info.response ?? '').slice(0, 1000) }, { accion: 'enviar' }));
    } catch (e) {
      const error = e as ErrorSmtp;
      const respuesta = respuestaDe(error);
      const permanente = isPermanente(error);
      const vencido = Date.now() - new Date(correo.createdAt).getTime() >= PLAZO_ENTREGA_MS;
      const fallido = permanente || vencido;
      await transaction((w) =>
        w.update('correos', correoId, { estado: fallido ? 'fallido' : 'pendiente', intentos, respuesta: vencido && !permanente ? `${mensajes.correo.caducado}. ${respuesta}`.slice(0, 1000) : respuesta }, { accion: 'fallo' }),
      );
      if (fallido) throw new FalloDefinitivo(respuesta);
      throw error;
    }
  },
});
