// `npx tsx scripts/create-admin.ts <usuario> [contraseña]`: creates an administrator, or recovers
// an existing account as one (this password, active, its second factor removed, its sessions
// ended), in the database named by DATABASE_URL (migrating it first, so this also works before
// the first start). The production way to make the first administrator, and the way back in when
// the last one lost the password or the phone.
//
// Without the password argument it is read from standard input, which keeps it out of the
// shell history and the process list: `printf %s "$PASS" | npx tsx scripts/create-admin.ts ana`.
import 'dotenv/config';
import { createInterface } from 'node:readline/promises';
import { migrateLatest } from '../migrations/index.js';
import { saveAdministrator } from '../api/src/auth/administrators.js';
import { assertPolicy } from '../api/src/auth/politica.js';
import { ConfigError, loadConfig } from '../api/src/config/index.js';
import { checkConfig } from '../api/src/configuracion.js';
import { createDb } from '../api/src/db/index.js';
import { mensajes } from '../api/src/mensajes.js';
import { registry } from '../api/src/resources/index.js';
import { HttpError } from '../api/src/base/errors.js';
import { Repository } from '../api/src/rest/repository.js';
import { validateBody } from '../api/src/rest/validate.js';

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    try {
      return await rl.question(mensajes.auth.cli.pedirContrasena);
    } finally {
      rl.close();
    }
  }
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.replace(/\r?\n$/, '');
}

async function main(): Promise<number> {
  const [usuario, argPassword, ...rest] = process.argv.slice(2);
  if (!usuario || rest.length) {
    console.error(mensajes.auth.cli.uso);
    return 2;
  }
  const password = argPassword ?? (await readPassword());
  try {
    // The API's own rules for a login (length of usuario and password), with its messages.
    validateBody(registry.get('logins'), 'create', { usuario, pass: password });
    assertPolicy(password, usuario);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    for (const d of (err.details as { path: string; message: string }[] | undefined) ?? []) console.error(`${d.path.slice(1)}: ${d.message}`);
    return 2;
  }

  const config = checkConfig(loadConfig());
  const db = createDb(config.database);
  try {
    await migrateLatest(db);
    const { resultado, factorQuitado } = await saveAdministrator(new Repository(db, config, registry), usuario, password);
    const debeEnrolar = config.mfaRoles.includes('administrador');
    console.log(resultado === 'creado' ? mensajes.auth.cli.creado(usuario) : mensajes.auth.cli.restablecido(usuario, { factorQuitado, debeEnrolar }));
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
