// `npx tsx bench/codigos.ts [segundos]`: how many second-factor codes one address gets checked
// per minute against one enrolled account by repeating «password, 4 wrong codes, password…»
// (issue 29, item 1), with the real scrypt parameters, over HTTP to the API on a scratch SQLite
// file. A code answered 422 was checked; a 429 was not. Prints the count and the rate.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { buildApp } from '../api/src/app.js';
import { hashPassword } from '../api/src/auth/passwords.js';
import { loadConfig } from '../api/src/config/index.js';
import { createDb } from '../api/src/db/index.js';
import { migrateLatest } from '../migrations/index.js';

const segundos = Number(process.argv[2] ?? 60);
const USUARIO = 'victima';
const CLAVE = 'Clave-robada-de-la-victima';
const archivo = join(tmpdir(), `aula-bench-codigos-${process.pid}.sqlite`);

const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: `sqlite:${archivo}`, LOG_LEVEL: 'silent', STORAGE_DIR: join(tmpdir(), `aula-bench-codigos-${process.pid}`) });
const db = createDb(config.database);
await migrateLatest(db);
const ahora = new Date().toISOString();
await db('logins').insert({ usuario: USUARIO, pass: await hashPassword(CLAVE, config.scrypt), nombre: USUARIO, activo: true, rol: 'editor', createdAt: ahora, updatedAt: ahora });
const app = await buildApp({ config, db });
const origin = await app.listen({ host: '127.0.0.1', port: 0 });

async function call(path: string, body: unknown, cookie = '') {
  const res = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
  const galleta = res.headers.getSetCookie().find((c) => c.startsWith('aula_sesion='))?.split(';')[0];
  return { status: res.status, body: (await res.json().catch(() => null)) as any, cookie: galleta ?? cookie };
}

try {
  // The owner enrols (the password goes along: the API asks for it to bind a phone).
  const dueno = await call('/logins/login', { usuario: USUARIO, pass: CLAVE });
  const alta = await call('/cuenta/segundo-factor', {}, dueno.cookie);
  const secreto = new URL(alta.body.uri).searchParams.get('secret')!;
  const codigo = TOTP.generate({ secret: Secret.fromBase32(secreto) });
  const conf = await call('/cuenta/segundo-factor/confirmar', { codigo, pass: CLAVE }, dueno.cookie);
  if (conf.status !== 200) throw new Error(`alta: HTTP ${conf.status} ${JSON.stringify(conf.body)}`);
  const malo = (i: number) => String(100000 + ((Number(codigo) + 1 + i * 7919) % 900000));

  // The attacker knows the password, not the phone.
  const estados: Record<number, number> = {};
  let comprobados = 0;
  let contrasenas = 0;
  const fin = performance.now() + segundos * 1000;
  let i = 0;
  while (performance.now() < fin) {
    const entrada = await call('/logins/login', { usuario: USUARIO, pass: CLAVE });
    contrasenas++;
    if (entrada.status !== 200) {
      estados[entrada.status] = (estados[entrada.status] ?? 0) + 1;
      continue;
    }
    for (let k = 0; k < 4 && performance.now() < fin; k++) {
      const r = await call('/logins/codigo', { codigo: malo(i++) }, entrada.cookie);
      estados[r.status] = (estados[r.status] ?? 0) + 1;
      if (r.status === 422) comprobados++;
    }
  }
  console.log(`${segundos} s desde una dirección: ${contrasenas} logins con la contraseña, ${comprobados} códigos comprobados (${((comprobados * 60) / segundos).toFixed(0)} por minuto); respuestas: ${JSON.stringify(estados)}`);
} finally {
  await app.close();
  await db.destroy();
  for (const ext of ['', '-wal', '-shm']) rmSync(archivo + ext, { force: true });
  rmSync(config.storageDir, { recursive: true, force: true });
}
