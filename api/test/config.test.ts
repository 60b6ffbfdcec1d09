// Configuration (docs/arquitectura.md §8): defaults, the production port, and start-up refusing bad values
// with a message that names the variable.
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig as readEnv } from '../src/config/index.js';
import { checkConfig } from '../src/configuracion.js';
import { avisosVerifactu } from '../src/verifactu/avisos.js';
import { certificadoCliente, crearPki, type Pki } from './support/certificados.js';
import { EMISOR } from './support/db.js';

/** What start-up does (index.ts): the environment read and typed, then judged by the owners of its values. */
const loadConfig = (env: Record<string, string | undefined>, cwd?: string) => checkConfig(readEnv(env, cwd));

// Production names its VeriFactu mode explicitly: here, off, so the rest is what is tested.
const PRODUCCION = { NODE_ENV: 'production', ...EMISOR, VERIFACTU: 'desactivado' };

describe('loadConfig', () => {
  it('defaults to port 3000 and the embedded SQLite file', () => {
    const c = loadConfig({}, '/srv/aula');
    expect(c.port).toBe(3000);
    expect(c.adminPort).toBe(8080);
    expect(c.database).toEqual({ dialect: 'sqlite', filename: '/srv/aula/data/aula.sqlite' });
    expect(c.corsOrigins).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080']);
    expect(c.productName).toBe('Aula');
    expect(c.storageDir).toBe('/srv/aula/data/storage');
    expect(c.trustProxy).toBe(false);
    // A total is exact when it can be counted within 50 ms (README, COUNT_BUDGET_MS).
    expect(c.countBudgetMs).toBe(50);
  });

  it('listens on 7791 in production unless PORT says otherwise, with Secure cookies', () => {
    expect(loadConfig({ ...PRODUCCION }).port).toBe(7791);
    expect(loadConfig({ ...PRODUCCION, PORT: '9000' }).port).toBe(9000);
    expect(loadConfig({ ...PRODUCCION }).session.secureCookie).toBe(true);
  });

  it('listens on this machine only outside production (the demo account is admin/admin), on every interface in production, unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...PRODUCCION }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...PRODUCCION, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
    // An empty HOST (a blank line in .env) is no address: the default holds.
    expect(loadConfig({ HOST: ' ' }).host).toBe('127.0.0.1');
  });

  it('stops start-up in production on a weak ADMIN_PASSWORD, naming it; development keeps admin/admin', () => {
    const prod = { ...PRODUCCION, ADMIN_USUARIO: 'jefa' };
    expect(() => loadConfig({ ...prod, ADMIN_PASSWORD: 'admin' })).toThrow(/ADMIN_PASSWORD.*al menos 12 caracteres/);
    expect(() => loadConfig({ ...prod, ADMIN_PASSWORD: 'Password2024!' })).toThrow(/ADMIN_PASSWORD.*más usadas/);
    expect(() => loadConfig({ ...prod, ADMIN_PASSWORD: 'Jefa-jefa-jefa' })).toThrow(/ADMIN_PASSWORD.*usuario/);
    expect(loadConfig({ ...prod, ADMIN_PASSWORD: 'grapa caballo batería' }).admin).toEqual({ usuario: 'jefa', password: 'grapa caballo batería' });
    expect(loadConfig({ ADMIN_USUARIO: 'admin', ADMIN_PASSWORD: 'admin' }).admin.password).toBe('admin');
  });

  it('makes administradores enrol in the second factor in production and nobody elsewhere, unless MFA_ROLES says otherwise', () => {
    expect(loadConfig({}).mfaRoles).toEqual([]);
    expect(loadConfig({ ...PRODUCCION }).mfaRoles).toEqual(['administrador']);
    expect(loadConfig({ MFA_ROLES: 'contable, editor,contable' }).mfaRoles).toEqual(['contable', 'editor']);
    // «ninguno» is how production opts out: an empty value would mean the default.
    expect(loadConfig({ ...PRODUCCION, MFA_ROLES: 'ninguno' }).mfaRoles).toEqual([]);
    expect(() => loadConfig({ MFA_ROLES: 'administrador,jefe' })).toThrow(ConfigError);
    expect(() => loadConfig({ MFA_ROLES: 'administrador,jefe' })).toThrow(/MFA_ROLES.*«jefe».*ninguno/);
  });

  it('reads the Stripe gateway and FACTURAR_AL_COBRAR, naming a bad value', () => {
    expect(loadConfig({}).pasarelas).toEqual({
      stripe: { webhookSecret: null, apiKey: null, apiUrl: null, timeoutMs: 10_000 },
      redsys: { clave: null, comercio: null, terminal: '1', url: new URL('https://sis.redsys.es/sis/rest/trataPeticionREST'), timeoutMs: 10_000 },
      facturarAlCobrar: true,
    });
    const c = loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_KEY: 'rk_live_x', STRIPE_API_URL: 'http://127.0.0.1:12111', FACTURAR_AL_COBRAR: 'no' }).pasarelas;
    expect(c).toMatchObject({ stripe: { webhookSecret: 'whsec_x', apiKey: 'rk_live_x' }, facturarAlCobrar: false });
    expect(c.stripe.apiUrl?.port).toBe('12111');
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'sk_live_x' })).toThrow(/STRIPE_WEBHOOK_SECRET.*whsec_/);
    expect(() => loadConfig({ STRIPE_API_KEY: 'pk_live_x' })).toThrow(/STRIPE_API_KEY.*sk_/);
    expect(() => loadConfig({ STRIPE_API_URL: 'ftp://x' })).toThrow(/STRIPE_API_URL/);
    expect(() => loadConfig({ FACTURAR_AL_COBRAR: 'quizá' })).toThrow(/FACTURAR_AL_COBRAR.*«true» o «false»/);
  });

  it('sends no email without SMTP_URL; reads the server, sender, pace and ENVIAR_FACTURAS, naming a bad value', () => {
    expect(loadConfig({ ADMIN_PORT: '8099' }).correo).toEqual({ smtpUrl: null, from: 'Aula <no-responder@localhost>', maxPorMinuto: 60, enviarFacturas: true, ca: null, adminUrl: 'http://localhost:8099' });
    const c = loadConfig({ SMTP_URL: 'smtps://aula:secreto@smtp.academia.es:465', MAIL_FROM: 'Academia Peñalara <facturas@academia.es>', SMTP_MAX_POR_MINUTO: '300', ENVIAR_FACTURAS: 'no', ADMIN_URL: 'https://panel.academia.es/' }).correo;
    expect(c).toMatchObject({ smtpUrl: 'smtps://aula:secreto@smtp.academia.es:465', from: 'Academia Peñalara <facturas@academia.es>', maxPorMinuto: 300, enviarFacturas: false, adminUrl: 'https://panel.academia.es' });
    expect(() => loadConfig({ SMTP_URL: 'http://smtp.academia.es' })).toThrow(/SMTP_URL.*smtp:\/\/ o smtps:\/\//);
    expect(() => loadConfig({ SMTP_URL: 'no es una url' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL_FROM: 'facturas@academia.es, otra@academia.es' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ MAIL_FROM: 'Academia <facturas@academia.es>\r\nBcc: x@y.z' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ SMTP_MAX_POR_MINUTO: '0' })).toThrow(/SMTP_MAX_POR_MINUTO/);
  });

  it('takes the issuer from EMISOR_*, its NIF checked; a fictitious one outside production', () => {
    expect(loadConfig({ ...PRODUCCION, EMISOR_NIF: 'b-1234567.4' }).emisor).toEqual({
      nif: 'B12345674', nombre: 'Academia Ejemplo S.L.', domicilio: 'Calle Mayor 1, 28013 Madrid', demo: false,
    });
    expect(loadConfig({}).emisor).toMatchObject({ demo: true, nombre: expect.stringContaining('ficticia') });
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('EMISOR_NIF');
    expect(() => loadConfig({ ...PRODUCCION, EMISOR_DOMICILIO: '' })).toThrow('EMISOR_DOMICILIO');
    // A typo in the control character stops start-up, naming the variable.
    expect(() => loadConfig({ ...PRODUCCION, EMISOR_NIF: 'B12345675' })).toThrow(/EMISOR_NIF.*B12345675/);
    // Setting any issuer variable in development means a real issuer: all three, checked.
    expect(() => loadConfig({ ...EMISOR, EMISOR_NIF: '12345678A' })).toThrow('EMISOR_NIF');
    expect(() => loadConfig({ EMISOR_NIF: '12345678Z' })).toThrow('EMISOR_NOMBRE');
  });

  it('numbers invoices in series A and R unless told otherwise, never the same one', () => {
    expect(loadConfig({}).series).toEqual({ facturas: 'A', rectificativas: 'R' });
    expect(loadConfig({ SERIE_FACTURAS: '2026', SERIE_RECTIFICATIVAS: '2026-R' }).series).toEqual({ facturas: '2026', rectificativas: '2026-R' });
    expect(() => loadConfig({ SERIE_FACTURAS: 'R' })).toThrow('SERIE_RECTIFICATIVAS');
    expect(() => loadConfig({ SERIE_FACTURAS: 'a b' })).toThrow('SERIE_FACTURAS');
  });

  it('reads sqlite: and postgres:// database URLs, with an optional schema', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:otra.sqlite' }, '/x').database).toEqual({ dialect: 'sqlite', filename: '/x/otra.sqlite' });
    const pg = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/aula?schema=pruebas' }).database;
    expect(pg).toEqual({ dialect: 'pg', connectionString: 'postgres://u@h:5432/aula', schema: 'pruebas' });
  });

  it.each([
    ['PORT', 'tres mil'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['NODE_ENV', 'staging'],
    ['CORS_ORIGINS', 'localhost:8080'],
    ['API_URL', 'ftp://x'],
    ['TIME_ZONE', 'Europe/Atlantida'],
    ['TRUST_PROXY', 'todos'],
    ['MAX_LIMIT', '0'],
    ['STORAGE_URL', 'ftp://cubo'],
    ['STORAGE_URL', 's3://cubo?endpoint=localhost:9000'],
    ['STORAGE_URL', 's3://cubo?regino=eu-west-1'],
    ['MAX_VIDEO_MB', '0'],
    ['MAX_PHOTO_MB', 'veinte'],
    ['UPLOAD_EXPIRY_HOURS', '-1'],
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('finds ffmpeg and ffprobe on PATH unless FFMPEG_PATH / FFPROBE_PATH name them', () => {
    expect(loadConfig({}, '/srv/aula').ffmpeg).toEqual({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
    const c = loadConfig({ FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg', FFPROBE_PATH: 'bin/ffprobe' }, '/srv/aula');
    expect(c.ffmpeg).toEqual({ ffmpeg: '/opt/ffmpeg/bin/ffmpeg', ffprobe: '/srv/aula/bin/ffprobe' });
    expect(loadConfig({ FFMPEG_PATH: ' ' }).ffmpeg.ffmpeg).toBe('ffmpeg');
  });

  it('trusts a proxy only by hop count or address, never blanket', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
  });

  it('stores files in STORAGE_DIR unless STORAGE_URL names an S3 bucket, with its keys', () => {
    expect(loadConfig({}, '/srv/aula').storage).toEqual({ kind: 'local', dir: '/srv/aula/data/storage' });
    const keys = { S3_ACCESS_KEY_ID: 'ak', S3_SECRET_ACCESS_KEY: 'sk' };
    const s3 = loadConfig({ STORAGE_URL: 's3://aula-media?endpoint=http://127.0.0.1:8089&region=eu-west-1&forcePathStyle=true', ...keys }).storage;
    expect(s3).toEqual({ kind: 's3', bucket: 'aula-media', endpoint: 'http://127.0.0.1:8089', region: 'eu-west-1', forcePathStyle: true, accessKeyId: 'ak', secretAccessKey: 'sk' });
    expect(() => loadConfig({ STORAGE_URL: 's3://aula-media' })).toThrow('S3_ACCESS_KEY_ID');
    expect(() => loadConfig({ STORAGE_URL: 's3://aula-media', S3_ACCESS_KEY_ID: 'ak' })).toThrow('S3_SECRET_ACCESS_KEY');
  });

  it('caps uploads per folder and expires abandoned ones after a day by default; five at once per administrator, no quota', () => {
    expect(loadConfig({}).media).toEqual({ maxVideoMb: 4096, maxPhotoMb: 20, uploadExpiryHours: 24, maxSubidasPorAdministrador: 5, cuotaBytes: 0 });
    expect(loadConfig({ CUOTA_ALMACEN_MB: '2048', MAX_SUBIDAS_POR_ADMINISTRADOR: '2' }).media).toMatchObject({ cuotaBytes: 2048 * 1024 * 1024, maxSubidasPorAdministrador: 2 });
    expect(() => loadConfig({ MAX_SUBIDAS_POR_ADMINISTRADOR: '0' })).toThrow(/MAX_SUBIDAS_POR_ADMINISTRADOR/);
  });

  it('runs one API process in development and one per core in production (WORKERS)', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ ...PRODUCCION }).workers).toBe(availableParallelism());
    expect(loadConfig({ ...PRODUCCION, WORKERS: '3' }).workers).toBe(3);
    // Several processes share a SQLite file, never a database in memory (one per process).
    expect(loadConfig({ WORKERS: '2', DATABASE_URL: 'sqlite:data/x.sqlite' }).workers).toBe(2);
    expect(() => loadConfig({ WORKERS: '2', DATABASE_URL: 'sqlite::memory:' })).toThrow(/WORKERS.*memoria/);
    expect(() => loadConfig({ WORKERS: '0' })).toThrow('WORKERS');
    expect(() => loadConfig({ WORKERS: 'todos' })).toThrow('WORKERS');
    // Background jobs run in every lone process; a cluster's primary turns them off in all workers but one.
    expect(loadConfig({}).tareasDeFondo).toBe(true);
    expect(loadConfig({ AULA_TAREAS_DE_FONDO: '0' }).tareasDeFondo).toBe(false);
  });

  it('reads how long a job lease lasts and how long failed jobs are kept (TRABAJOS_ARRIENDO_S, TRABAJOS_FALLIDOS_DIAS)', () => {
    expect(loadConfig({}).trabajos).toEqual({ arriendoMs: 60_000, fallidosDias: 30 });
    expect(loadConfig({ TRABAJOS_ARRIENDO_S: '5', TRABAJOS_FALLIDOS_DIAS: '90' }).trabajos).toEqual({ arriendoMs: 5000, fallidosDias: 90 });
    // A lease of no time would be every holder's lost at once; failures kept no day, gone before anyone saw them.
    expect(() => loadConfig({ TRABAJOS_ARRIENDO_S: '0' })).toThrow('TRABAJOS_ARRIENDO_S debe estar entre 1 y 3600');
    expect(() => loadConfig({ TRABAJOS_FALLIDOS_DIAS: 'un mes' })).toThrow('TRABAJOS_FALLIDOS_DIAS debe ser un número entero');
  });
});

// VERIFACTU: off outside production unless asked; production must say; on, the
// certificate is opened at start-up and every failure names the variable to fix.
describe('VERIFACTU', () => {
  let pki: Pki;
  const certificados: Record<string, string> = {};
  const productor = {
    SIF_PRODUCTOR_NOMBRE: 'Programas Ejemplo S.L.',
    SIF_PRODUCTOR_NIF: 'B87654323',
    SIF_PRODUCTOR_DIRECCION: 'Calle del Código 7, 28004 Madrid, España',
    SIF_DECLARACION_LUGAR: 'Madrid, España',
    SIF_DECLARACION_FECHA: '15-01-2027',
  };
  const activa = (extra: Record<string, string> = {}) => ({ VERIFACTU: 'pruebas', VERIFACTU_CERT: pki.cliente, VERIFACTU_CERT_PASSWORD: pki.password, ...productor, ...extra });

  beforeAll(async () => {
    pki = await crearPki();
    certificados.caducado = await certificadoCliente(pki, 'caducado.p12', { dias: -3 });
    certificados.porCaducar = await certificadoCliente(pki, 'por-caducar.p12', { dias: 12 });
    certificados.legacy = await certificadoCliente(pki, 'legacy.p12', { legacy: true });
    certificados.otroNif = await certificadoCliente(pki, 'asesor.p12', { nif: '12345678Z', nombre: 'ASESORA FISCAL' });
  });
  afterAll(() => pki.borrar());

  it('is off by default outside production, and says nothing then', () => {
    const c = loadConfig({});
    expect(c.verifactu.modo).toBe('desactivado');
    expect(c.verifactu.certificado).toBeUndefined();
    expect(avisosVerifactu(c)).toEqual([]);
  });

  it('must be set explicitly in production; off there, start-up warns loudly that nothing reaches the AEAT', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...EMISOR })).toThrow(/VERIFACTU.*obligatoria en producción/);
    const avisos = avisosVerifactu(loadConfig(PRODUCCION));
    expect(avisos).toEqual([{ aviso: true, texto: expect.stringMatching(/ATENCIÓN.*NO se están remitiendo a la AEAT/) }]);
  });

  it('takes the AEAT endpoint of its mode unless VERIFACTU_URL overrides it', () => {
    expect(loadConfig(activa()).verifactu.url).toBe('https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP');
    expect(loadConfig(activa({ VERIFACTU: 'produccion' })).verifactu.url).toBe('https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP');
    expect(loadConfig(activa({ VERIFACTU_URL: 'https://127.0.0.1:8443/aeat' })).verifactu.url).toBe('https://127.0.0.1:8443/aeat');
    expect(() => loadConfig(activa({ VERIFACTU_URL: 'http://127.0.0.1/aeat' }))).toThrow('VERIFACTU_URL');
    expect(() => loadConfig({ VERIFACTU: 'siempre' })).toThrow(/VERIFACTU.*desactivado, pruebas o produccion/);
  });

  it('opens the certificate at start-up and tells its holder and expiry', () => {
    const c = loadConfig(activa({ VERIFACTU_CA: pki.ca }));
    expect(c.verifactu.certificado).toMatchObject({ titular: 'ACADEMIA EJEMPLO SL - B12345674', nif: 'B12345674' });
    expect(c.verifactu.certificado!.caduca.getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    expect(c.verifactu.ca!.toString()).toContain('BEGIN CERTIFICATE');
    const [linea] = avisosVerifactu(c);
    expect(linea.aviso).toBe(false);
    expect(linea.texto).toMatch(/entorno de pruebas.*certificado de ACADEMIA EJEMPLO SL - B12345674, válido hasta el \d\d\/\d\d\/\d{4}/);
  });

  it('warns 30 days before the certificate expires', () => {
    const avisos = avisosVerifactu(loadConfig(activa({ VERIFACTU_CERT: certificados.porCaducar })));
    expect(avisos).toContainEqual({ aviso: true, texto: expect.stringMatching(/VERIFACTU_CERT caduca el \d\d\/\d\d\/\d{4} \(dentro de 1[12] días\): renuévalo/) });
    expect(avisosVerifactu(loadConfig(activa())).filter((a) => a.aviso)).toEqual([]);
  });

  it('says so when the certificate is someone else\'s than the issuer (a representative)', () => {
    const avisos = avisosVerifactu(loadConfig(activa({ VERIFACTU_CERT: certificados.otroNif })));
    expect(avisos.map((a) => a.texto)).toContainEqual(expect.stringMatching(/es de 12345678Z, no del emisor \(B00000000\).*representa/));
  });

  it.each([
    ['a file that does not exist', () => ({ VERIFACTU_CERT: '/no/existe.p12' }), /VERIFACTU_CERT.*«\/no\/existe\.p12» no existe/],
    ['a wrong password', () => ({ VERIFACTU_CERT_PASSWORD: 'otra' }), /VERIFACTU_CERT_PASSWORD.*no es la contraseña/],
    ['an expired certificate', () => ({ VERIFACTU_CERT: certificados.caducado }), /VERIFACTU_CERT.*caducó el \d\d\/\d\d\/\d{4}/],
    ['a legacy-encrypted file, saying how to convert it', () => ({ VERIFACTU_CERT: certificados.legacy }), /VERIFACTU_CERT.*algoritmo antiguo.*openssl pkcs12 -legacy/],
    ['a file that is no PKCS#12', () => ({ VERIFACTU_CERT: pki.ca }), /VERIFACTU_CERT.*no es un certificado PKCS#12/],
    ['no certificate at all', () => ({ VERIFACTU_CERT: '' }), /VERIFACTU_CERT.*es necesaria con VERIFACTU=pruebas/],
    ['a CA that is not PEM', () => ({ VERIFACTU_CA: pki.cliente }), /VERIFACTU_CA.*no es un certificado PEM/],
  ])('stops start-up on %s, naming the variable', (_caso, extra, error) => {
    expect(() => loadConfig(activa(extra()))).toThrow(ConfigError);
    expect(() => loadConfig(activa(extra()))).toThrow(error);
  });

  it('needs the producer\'s data every record and the declaración responsable carry', () => {
    for (const variable of Object.keys(productor)) {
      expect(() => loadConfig(activa({ [variable]: '' }))).toThrow(new RegExp(`${variable}.*es necesaria con VERIFACTU=pruebas`));
    }
    expect(() => loadConfig(activa({ SIF_PRODUCTOR_NIF: 'B87654320' }))).toThrow(/SIF_PRODUCTOR_NIF.*no es un NIF/);
    expect(() => loadConfig(activa({ SIF_DECLARACION_FECHA: '31-02-2027' }))).toThrow(/SIF_DECLARACION_FECHA.*dd-mm-aaaa/);
    expect(() => loadConfig(activa({ SIF_PRODUCTOR_NOMBRE: 'x'.repeat(121) }))).toThrow(/SIF_PRODUCTOR_NOMBRE.*admiten 120/);
    expect(() => loadConfig({ ...PRODUCCION, EMISOR_NOMBRE: 'x'.repeat(121) })).toThrow(/EMISOR_NOMBRE.*admiten 120/);
  });

  it('waits a minute for an answer and 30 s after a failed send unless told otherwise', () => {
    expect(loadConfig({}).verifactu).toMatchObject({ timeoutMs: 60_000, reintentoMs: 30_000 });
    expect(loadConfig({ VERIFACTU_TIMEOUT: '5', VERIFACTU_REINTENTO: '1' }).verifactu).toMatchObject({ timeoutMs: 5000, reintentoMs: 1000 });
    expect(() => loadConfig({ VERIFACTU_REINTENTO: '0' })).toThrow('VERIFACTU_REINTENTO');
  });
});
