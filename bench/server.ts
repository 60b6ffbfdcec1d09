// The real API in its own process, as in production, so the load generator does not share its
// event loop. Started by api.ts with the scratch database in DATABASE_URL; reports its port
// over IPC and stops when the parent disconnects.
import type { AddressInfo } from 'node:net';
import { startApi } from '../api/src/index.js';
import { loadConfig } from '../api/src/config.js';

const api = await startApi(loadConfig(process.env));
process.send!({ port: (api.app.server.address() as AddressInfo).port });
process.once('disconnect', () => api.close().then(() => process.exit(0)));
