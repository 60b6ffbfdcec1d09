// Stopping and starting the machine's PostgreSQL cluster, for the test that takes the database
// away from a running API. The cluster is shared: callers hold the restart lock while it is down
// so two such runs never interleave, and ensureRunning() brings it back whatever happened.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { promisify } from 'node:util';

// Asynchronous on purpose: the test's load keeps running while the cluster stops and starts.
const run = promisify(execFile);

const LOCK_FILE = '/tmp/pg-restart.lock';

function cluster(): [version: string, name: string] {
  let versions: string[];
  try {
    versions = readdirSync('/etc/postgresql');
  } catch {
    throw new Error('no local PostgreSQL cluster under /etc/postgresql: this test restarts the database it runs on');
  }
  return [versions.sort().at(-1)!, 'main'];
}

async function pgCtl(action: 'start' | 'stop') {
  const [version, name] = cluster();
  // Fast mode: in-flight sessions are cut, as in a crash or a failover, instead of waited for.
  const extra = action === 'stop' ? ['-m', 'fast'] : [];
  await run('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, action, ...extra], { timeout: 60_000 });
}

export async function isRunning(): Promise<boolean> {
  return run('pg_isready', ['-q', '-h', '127.0.0.1', '-p', '5432'], { timeout: 10_000 }).then(
    () => true,
    () => false,
  );
}

export const stopCluster = () => pgCtl('stop');
export const startCluster = () => pgCtl('start');

export async function ensureRunning() {
  if (await isRunning()) return;
  // A cluster still starting up is not "ready" yet and refuses a second start: check again after.
  await startCluster().catch(() => undefined);
  if (!(await isRunning())) throw new Error('PostgreSQL could not be started again');
}

/** Takes the restart lock (waiting for another holder to finish); call the result to release it. */
export async function takeRestartLock(): Promise<() => void> {
  // flock(1) keeps the lock while its `cat` child runs; closing stdin ends cat and releases it.
  const holder: ChildProcess = spawn('flock', [LOCK_FILE, 'sh', '-c', 'echo locked; exec cat'], { stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    holder.once('error', reject);
    holder.once('exit', (code) => reject(new Error(`flock exited with ${code} before taking ${LOCK_FILE}`)));
    holder.stdout!.once('data', () => resolve());
  });
  holder.removeAllListeners('exit');
  return () => holder.stdin!.end();
}
