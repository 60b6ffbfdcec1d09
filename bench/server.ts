// The real API in its own process, as in production, so the load generator does not share its
// event loop. Started by api.ts with the scratch database in DATABASE_URL; reports its port
// over IPC and stops when the parent disconnects. With WORKERS > 1 this process is the
// cluster's primary (its workers run api/src/index.ts and share the port the first one got).
import { loadConfigOrExit, serveApi } from '../api/src/index.js';
import { sembrarDemo } from '../seeds/prepare.js';
import { answerPerfiles } from './perfil.js';

const api = await serveApi(loadConfigOrExit(), { demo: sembrarDemo });
answerPerfiles('api');
process.send!({ port: api.port });
process.once('disconnect', () => api.close().then(() => process.exit(0)));
