// What every message shares: the 600 px frame of its HTML part (with the academy's name and
// fiscal data at the foot, as an invoice's email must carry them), and the check of an address
// before anything is queued for it.
import Mustache from 'mustache';
import type { EmisorConfig } from '../config/facturacion.js';

/** The academy's values every template may use. */
export const valoresComunes = (emisor: EmisorConfig, productName: string) => ({
  academia: emisor.demo ? productName : emisor.nombre,
  academiaNif: emisor.nif,
  academiaDomicilio: emisor.domicilio,
});

const MARCO = `<!DOCTYPE html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{asunto}}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:6px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2328;">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e5e7eb;font-size:20px;font-weight:bold;">{{academia}}</td></tr>
<tr><td style="padding:20px 28px;">{{{contenido}}}</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e5e7eb;font-size:12px;color:#57606a;">{{academia}} · NIF {{academiaNif}} · {{academiaDomicilio}}</td></tr>
</table></td></tr></table></body></html>`;

/** The HTML part as it leaves: the template's content (already escaped) inside the frame. */
export const frameHtml = (contenido: string, asunto: string, comunes: Record<string, string>) => Mustache.render(MARCO, { ...comunes, asunto, contenido });

/** The plain part's foot, the same data as the HTML's. */
export const frameTexto = (texto: string, comunes: Record<string, string>) => `${texto}\n\n--\n${comunes.academia} · NIF ${comunes.academiaNif} · ${comunes.academiaDomicilio}\n`;

/**
 * One mailbox, nothing else: no name part, no list, no line break (which would open a header of
 * its own), at most 254 characters. Anything else is refused before a message is queued.
 */
export function isDireccionUnica(para: string): boolean {
  return para.length <= 254 && /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/.test(para);
}

/** The domain of MAIL_FROM, for the Message-IDs the installation gives its messages. */
export function dominioDe(from: string): string {
  const m = /@([^>\s]+)>?$/.exec(from);
  return m ? m[1] : 'localhost';
}
