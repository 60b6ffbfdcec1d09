// Configuration (DESIGN §8): defaults, the production port, and start-up refusing bad values
// with a message that names the variable.
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { EMISOR } from './support/db.js';

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
    expect(loadConfig({ NODE_ENV: 'production', ...EMISOR }).port).toBe(7791);
    expect(loadConfig({ NODE_ENV: 'production', PORT: '9000', ...EMISOR }).port).toBe(9000);
    expect(loadConfig({ NODE_ENV: 'production', ...EMISOR }).session.secureCookie).toBe(true);
  });

  it('listens on this machine only outside production (the demo account is admin/admin), on every interface in production, unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production', ...EMISOR }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '10.0.0.5', ...EMISOR }).host).toBe('10.0.0.5');
    // An empty HOST (a blank line in .env) is no address: the default holds.
    expect(loadConfig({ HOST: ' ' }).host).toBe('127.0.0.1');
  });

  it('stops start-up in production on a weak ADMIN_PASSWORD, naming it; development keeps admin/admin', () => {
    const prod = { NODE_ENV: 'production', ...EMISOR, ADMIN_USUARIO: 'jefa' };
    expect(() => loadConfig({ ...prod, ADMIN_PASSWORD: 'admin' })).toThrow(/ADMIN_PASSWORD.*al menos 12 caracteres/);
    expect(() => loadConfig({ ...prod, ADMIN_PASSWORD: 'Password2024!' })).toThrow(/ADMIN_PASSWORD.*más usadas/);
    expect(() => loadConfig({ ...prod, ADMIN_PASSWORD: 'Jefa-jefa-jefa' })).toThrow(/ADMIN_PASSWORD.*usuario/);
    expect(loadConfig({ ...prod, ADMIN_PASSWORD: 'grapa caballo batería' }).admin).toEqual({ usuario: 'jefa', password: 'grapa caballo batería' });
    expect(loadConfig({ ADMIN_USUARIO: 'admin', ADMIN_PASSWORD: 'admin' }).admin.password).toBe('admin');
  });

  it('takes the issuer from EMISOR_*, its NIF checked; a fictitious one outside production', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...EMISOR, EMISOR_NIF: 'b-1234567.4' }).emisor).toEqual({
      nif: 'B12345674', nombre: 'Academia Ejemplo S.L.', domicilio: 'Calle Mayor 1, 28013 Madrid', demo: false,
    });
    expect(loadConfig({}).emisor).toMatchObject({ demo: true, nombre: expect.stringContaining('ficticia') });
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('EMISOR_NIF');
    expect(() => loadConfig({ NODE_ENV: 'production', ...EMISOR, EMISOR_DOMICILIO: '' })).toThrow('EMISOR_DOMICILIO');
    // A typo in the control character stops start-up, naming the variable.
    expect(() => loadConfig({ NODE_ENV: 'production', ...EMISOR, EMISOR_NIF: 'B12345675' })).toThrow(/EMISOR_NIF.*B12345675/);
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
    expect(loadConfig({ NODE_ENV: 'production', ...EMISOR }).workers).toBe(availableParallelism());
    expect(loadConfig({ NODE_ENV: 'production', ...EMISOR, WORKERS: '3' }).workers).toBe(3);
    // Several processes share a SQLite file, never a database in memory (one per process).
    expect(loadConfig({ WORKERS: '2', DATABASE_URL: 'sqlite:data/x.sqlite' }).workers).toBe(2);
    expect(() => loadConfig({ WORKERS: '2', DATABASE_URL: 'sqlite::memory:' })).toThrow(/WORKERS.*memoria/);
    expect(() => loadConfig({ WORKERS: '0' })).toThrow('WORKERS');
    expect(() => loadConfig({ WORKERS: 'todos' })).toThrow('WORKERS');
    // Background jobs run in every lone process; a cluster's primary turns them off in all workers but one.
    expect(loadConfig({}).tareasDeFondo).toBe(true);
    expect(loadConfig({ AULA_TAREAS_DE_FONDO: '0' }).tareasDeFondo).toBe(false);
  });
});
