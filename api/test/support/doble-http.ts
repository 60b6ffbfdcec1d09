// A local HTTP stand-in for another party's API (a gateway's refunds): started on a free port,
// closed with its open connections, each request's body read whole as text.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DobleHttp {
  url: string;
  close(): Promise<void>;
}

export const readBody = (req: IncomingMessage) =>
  new Promise<string>((ok) => {
    let s = '';
    req.on('data', (c) => (s += c));
    req.on('end', () => ok(s));
  });

export async function startDoble(handle: (req: IncomingMessage, res: ServerResponse, cuerpo: string) => unknown): Promise<DobleHttp> {
  const servidor: Server = createServer(async (req, res) => handle(req, res, await readBody(req)));
  await new Promise<void>((ok) => servidor.listen(0, '127.0.0.1', ok));
  const { port } = servidor.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      servidor.closeAllConnections();
      await new Promise((ok) => servidor.close(ok));
    },
  };
}
