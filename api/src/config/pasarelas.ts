// The payment gateways (api/src/pasarelas): where each sends its notifications from and with
// which secret, and whether a pago they complete is invoiced at once.
import { booleano, ConfigError, int, type Env } from './leer.js';

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
  /** FACTURAR_AL_COBRAR (default on): a pago a gateway completes is invoiced in the same transaction. */
  facturarAlCobrar: boolean;
}

export function parsePasarelas(env: Env): PasarelasConfig {
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || null;
  if (webhookSecret && !webhookSecret.startsWith('whsec_')) throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'debe empezar por «whsec_», como lo da Stripe al crear el endpoint');
  const apiKey = env.STRIPE_API_KEY?.trim() || null;
  if (apiKey && !/^(sk|rk)_/.test(apiKey)) throw new ConfigError('STRIPE_API_KEY', 'debe ser una clave secreta o restringida de Stripe («sk_…» o «rk_…»)');
  const raw = env.STRIPE_API_URL?.trim();
  let apiUrl: URL | null = null;
  if (raw) {
    try {
      apiUrl = new URL(raw);
    } catch {
      throw new ConfigError('STRIPE_API_URL', `debe ser una dirección http(s) (recibido «${raw}»)`);
    }
    if (!/^https?:$/.test(apiUrl.protocol)) throw new ConfigError('STRIPE_API_URL', `debe ser una dirección http(s) (recibido «${raw}»)`);
  }
  return {
    stripe: { webhookSecret, apiKey, apiUrl, timeoutMs: int(env, 'STRIPE_TIMEOUT_MS', 10_000, 100, 120_000) },
    facturarAlCobrar: booleano(env, 'FACTURAR_AL_COBRAR', true),
  };
}
