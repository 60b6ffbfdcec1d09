// The payment gateways (api/src/pasarelas): where each sends its notifications from and with
// which secret, and whether a pago they complete is invoiced at once.
import { booleano, ConfigError, direccionHttp, int, type Env } from './leer.js';

export interface PasarelasConfig {
  stripe: {
    /** STRIPE_WEBHOOK_SECRET (`whsec_…`): signs the events; without it, none is accepted. */
    webhookSecret: string | null;
    /** STRIPE_API_KEY (`sk_…` or `rk_…`): sends the refunds started in Aula to Stripe's Refund API. */
    apiKey: string | null;
    /** STRIPE_API_URL: another address for Stripe's API (the tests' stand-in); Stripe's own by default. */
    apiUrl: URL | null;
    /** How long a call to Stripe may take (STRIPE_TIMEOUT_MS) before the refund is refused as unanswered. */
    timeoutMs: number;
  };
  redsys: {
    /** REDSYS_CLAVE: the merchant's SHA-256 key as the bank's portal gives it (base64, 24 bytes); without it, no notification is accepted. */
    clave: Buffer | null;
    /** REDSYS_COMERCIO: the merchant code (FUC) every notification must carry. */
    comercio: string | null;
    /** REDSYS_TERMINAL (1 by default): the terminal refunds are asked through. */
    terminal: string;
    /** REDSYS_URL: Redsys's REST service (refunds); production's by default, the test environment's or a stand-in's in tests. */
    url: URL;
    /** REDSYS_TIMEOUT_MS: how long a refund may wait for Redsys. */
    timeoutMs: number;
  };
  /** FACTURAR_AL_COBRAR (default on): a pago a gateway completes is invoiced in the same transaction. */
  facturarAlCobrar: boolean;
}

export function parsePasarelas(env: Env): PasarelasConfig {
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || null;
  if (webhookSecret && !webhookSecret.startsWith('whsec_')) throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'debe empezar por «whsec_», como lo da Stripe al crear el endpoint');
  const apiKey = env.STRIPE_API_KEY?.trim() || null;
  if (apiKey && !/^(sk|rk)_/.test(apiKey)) throw new ConfigError('STRIPE_API_KEY', 'debe ser una clave secreta o restringida de Stripe («sk_…» o «rk_…»)');
  const clave = env.REDSYS_CLAVE?.trim() || null;
  const claveBytes = clave ? Buffer.from(clave, 'base64') : null;
  // A 3DES key is 24 bytes; a key copied short or with a stray character would sign nothing right.
  if (clave && (claveBytes!.length !== 24 || claveBytes!.toString('base64') !== clave)) throw new ConfigError('REDSYS_CLAVE', 'debe ser la clave SHA-256 del comercio tal como la da el portal del banco (base64 de 24 bytes, 32 caracteres)');
  const comercio = env.REDSYS_COMERCIO?.trim() || null;
  if (comercio && !/^\d{1,9}$/.test(comercio)) throw new ConfigError('REDSYS_COMERCIO', `debe ser el número de comercio (FUC), de hasta 9 cifras (recibido «${comercio}»)`);
  if (clave && !comercio) throw new ConfigError('REDSYS_COMERCIO', 'es necesario cuando REDSYS_CLAVE está puesta: cada notificación debe ser de ese comercio');
  const terminal = env.REDSYS_TERMINAL?.trim() || '1';
  if (!/^\d{1,3}$/.test(terminal)) throw new ConfigError('REDSYS_TERMINAL', `debe ser el número de terminal, de hasta 3 cifras (recibido «${terminal}»)`);
  return {
    stripe: { webhookSecret, apiKey, apiUrl: direccionHttp(env, 'STRIPE_API_URL'), timeoutMs: int(env, 'STRIPE_TIMEOUT_MS', 10_000, 100, 120_000) },
    redsys: {
      clave: claveBytes,
      comercio,
      terminal,
      url: direccionHttp(env, 'REDSYS_URL') ?? new URL('https://sis.redsys.es/sis/rest/trataPeticionREST'),
      timeoutMs: int(env, 'REDSYS_TIMEOUT_MS', 10_000, 100, 120_000),
    },
    facturarAlCobrar: booleano(env, 'FACTURAR_AL_COBRAR', true),
  };
}
