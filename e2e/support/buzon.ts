// The browser suite's mailbox: an SMTP server the API sends to (SMTP_URL in playwright.config.ts)
// and, on another port, every message it took as JSON (GET /mensajes), for the specs to read a
// link out of. Run by Playwright as a web server of its own: `npx tsx e2e/support/buzon.ts`.
// Ports: E2E_SMTP_PORT and E2E_BUZON_PORT, which playwright.config.ts sets beside the API's.
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface MensajeBuzon {
  para: string[];
  asunto: string;
  texto: string;
  html: string;
}

const SMTP_PORT = Number(process.env.E2E_SMTP_PORT);
const HTTP_PORT = Number(process.env.E2E_BUZON_PORT);
const mensajes: MensajeBuzon[] = [];

const smtp = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, cb) {
    simpleParser(stream)
      .then((mail) => {
        mensajes.push({ para: session.envelope.rcptTo.map((r) => r.address), asunto: mail.subject ?? '', texto: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '' });
        cb();
      })
      .catch((err: Error) => cb(err));
  },
});
smtp.listen(SMTP_PORT, '127.0.0.1');

createServer((request, response) => {
  if (request.url !== '/mensajes') return response.writeHead(404).end();
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(mensajes));
}).listen(HTTP_PORT, '127.0.0.1');
