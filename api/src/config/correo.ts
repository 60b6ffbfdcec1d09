// Email (docs/arquitectura.md §25): where the outbox sends (one SMTP server per installation),
// as whom, how fast, and whether an issued invoice leaves by itself. Without SMTP_URL nothing is
// sent: every message waits in the outbox, readable as it would go.
import { booleano, ConfigError, int, type Env } from './leer.js';

export interface CorreoConfig {
  /** SMTP_URL: `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…:465`; null: nothing is sent. */
  smtpUrl: string | null;
  /** MAIL_FROM: the sender every message carries, `Academia <facturas@academia.es>`. */
  from: string;
  /** SMTP_MAX_POR_MINUTO: messages handed to the server per minute, in the whole installation. */
  maxPorMinuto: number;
  /** ENVIAR_FACTURAS (default on): an issued invoice or rectificativa is emailed to its client by itself. */
  enviarFacturas: boolean;
  /**
   * SMTP_CA: a PEM file of the authority the server's certificate is checked against, besides
   * Node's own (a company's or a test's CA); never a switch that turns the check off.
   */
  ca: string | null;
  /** ADMIN_URL: the admin's address as people open it, for the links a message carries. */
  adminUrl: string;
}

/** One address, as the MAIL_FROM header takes it: a name and <address>, or the address alone. */
const REMITENTE = /^(?:[^<>\r\n"]{1,100} <[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;

export function parseCorreo(env: Env, productName: string, adminPort: number): CorreoConfig {
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl) {
    let url: URL;
    try {
      url = new URL(smtpUrl);
    } catch {
      throw new ConfigError('SMTP_URL', 'debe ser una dirección smtp:// o smtps:// (con usuario y contraseña si el servidor los pide)');
    }
    if (!/^smtps?:$/.test(url.protocol) || !url.hostname) throw new ConfigError('SMTP_URL', `debe empezar por smtp:// o smtps:// y nombrar el servidor (recibido «${url.protocol}»)`);
  }
  const from = env.MAIL_FROM?.trim() || `${productName} <no-responder@localhost>`;
  if (!REMITENTE.test(from)) throw new ConfigError('MAIL_FROM', `debe ser una dirección, con nombre o sin él: «Academia <facturas@academia.es>» (recibido «${from}»)`);
  const adminUrl = (env.ADMIN_URL?.trim() || `http://localhost:${adminPort}`).replace(/\/$/, '');
  if (!/^https?:\/\/[^/]+/.test(adminUrl)) throw new ConfigError('ADMIN_URL', `debe ser la dirección http(s) del admin (recibido «${adminUrl}»)`);
  return {
    smtpUrl,
    from,
    maxPorMinuto: int(env, 'SMTP_MAX_POR_MINUTO', 60, 1, 100_000),
    enviarFacturas: booleano(env, 'ENVIAR_FACTURAS', true),
    ca: env.SMTP_CA?.trim() || null,
    adminUrl,
  };
}
