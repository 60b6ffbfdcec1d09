// What must never reach a log line (docs/arquitectura.md §4), in the two forms the logger needs: pino redact
// paths for structured fields, and a URL cleaner for the request line, which pino cannot redact
// inside a string. The URL matters because the original product's client sent the password in
// the query string (`/logins?filter[where][pass]=…`), and old clients or bookmarks still may:
// Fastify logs the URL on arrival, before any route can refuse the request.

/** For `logger.redact.paths`: secrets in headers, bodies and anything logged beside them. */
export const LOG_REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.body.pass',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'body.pass',
  'pass',
  '*.pass',
];

const SECRET_KEY = /pass|token|sesion|cookie/i;
const SECRET_JSON = /"(pass|token)"/i;

/**
 * Percent-decoded, then JSON's \uXXXX escapes resolved: `{"pa\u0073s":…}` is read by the
 * server as `pass`, so it must look like `pass` to the redaction too.
 */
const decode = (s: string) => {
  let text = s;
  try {
    text = decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    // a malformed escape: judge the text as it is
  }
  return text.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
};

/** The URL with the value of every query parameter that names or carries a secret hidden. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const key = decode(pair.slice(0, eq));
      return SECRET_KEY.test(key) || SECRET_JSON.test(decode(pair.slice(eq + 1))) ? `${pair.slice(0, eq)}=[oculto]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}
