// The one SMTP connection of this process (nodemailer's pool of one), opened on the first message
// and kept: a batch of invoices is one session with the server, not a handshake each.
import { readFileSync } from 'node:fs';
import nodemailer from 'nodemailer';
import type { CorreoConfig } from '../config/correo.js';

type Transporte = ReturnType<typeof nodemailer.createTransport>;

let actual: { url: string; ca: string | null; transporte: Transporte } | undefined;

export function findTransporte(config: CorreoConfig): Transporte {
  if (!config.smtpUrl) throw new Error('Sin SMTP_URL no se envía nada');
  if (actual && actual.url === config.smtpUrl && actual.ca === config.ca) return actual.transporte;
  actual?.transporte.close();
  const transporte = nodemailer.createTransport({
    url: config.smtpUrl,
    pool: true,
    maxConnections: 1,
    // A server that stalls must not hold the one sender: its job is retried later.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
    // Node's authorities, plus the one SMTP_CA names; a certificate is always checked.
    tls: config.ca ? { ca: [readFileSync(config.ca, 'utf8')] } : undefined,
  });
  actual = { url: config.smtpUrl, ca: config.ca, transporte };
  return transporte;
}

/** Closes the connection (the application stops, or a test moves to another server). */
export function closeTransporte(): void {
  actual?.transporte.close();
  actual = undefined;
}
