// A Server-Sent Events client for the tests, over a real socket (inject() cannot stream): what a
// browser's EventSource would see, message by message, heartbeats included.
export interface MensajeSse {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  /** `data` parsed as JSON, when it is. */
  json?: any;
}

export interface FlujoSse {
  status: number;
  headers: Headers;
  mensajes: MensajeSse[];
  comentarios: string[];
  /** Resolves with the first message (already received or coming) that matches, or rejects after `ms`. */
  esperar(pred: (m: MensajeSse) => boolean, ms?: number): Promise<MensajeSse>;
  /** Resolves with the comment lines once one arrives after the call. */
  esperarComentario(ms?: number): Promise<string>;
  /** Resolves once the server has ended the stream. */
  terminado: Promise<void>;
  cerrar(): void;
}

export async function abrirFlujo(url: string, cookie: string, extra: Record<string, string> = {}): Promise<FlujoSse> {
  const control = new AbortController();
  const res = await fetch(url, { headers: { cookie, accept: 'text/event-stream', ...extra }, signal: control.signal });
  const mensajes: MensajeSse[] = [];
  const comentarios: string[] = [];
  const avisar = new Set<() => void>();
  const decoder = new TextDecoder();
  let resto = '';
  const leer = async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        resto += decoder.decode(value, { stream: true });
        let corte: number;
        while ((corte = resto.indexOf('\n\n')) >= 0) {
          const bloque = resto.slice(0, corte);
          resto = resto.slice(corte + 2);
          const m: MensajeSse = {};
          let esMensaje = false;
          for (const linea of bloque.split('\n')) {
            if (linea.startsWith(':')) comentarios.push(linea.slice(1).trim());
            else {
              const i = linea.indexOf(':');
              const campo = linea.slice(0, i) as 'id' | 'event' | 'data' | 'retry';
              m[campo] = linea.slice(i + 1).replace(/^ /, '');
              esMensaje = true;
            }
          }
          if (esMensaje) {
            if (m.data) m.json = JSON.parse(m.data);
            mensajes.push(m);
          }
          for (const f of avisar) f();
        }
      }
    } catch {
      // Aborted by the test.
    } finally {
      for (const f of avisar) f();
    }
  };
  const terminado = leer();
  const esperarCon = <T>(hallar: () => T | undefined, ms: number, que: string) =>
    new Promise<T>((resolve, reject) => {
      const mirar = () => {
        const v = hallar();
        if (v !== undefined) {
          clearTimeout(limite);
          avisar.delete(mirar);
          resolve(v);
        }
      };
      const limite = setTimeout(() => {
        avisar.delete(mirar);
        reject(new Error(`${que} did not arrive within ${ms} ms; got ${JSON.stringify(mensajes)}`));
      }, ms);
      avisar.add(mirar);
      mirar();
    });
  return {
    status: res.status,
    headers: res.headers,
    mensajes,
    comentarios,
    esperar: (pred, ms = 5000) => esperarCon(() => mensajes.find(pred), ms, 'the message'),
    esperarComentario(ms = 5000) {
      const ya = comentarios.length;
      return esperarCon(() => comentarios[ya], ms, 'a comment');
    },
    terminado,
    cerrar: () => control.abort(),
  };
}
