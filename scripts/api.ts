// The API alone, as in production, but an empty database gets the demo data (admin / admin)
// outside production: what `npm run dev` and the tests' API processes run. Production runs
// api/src/index.ts, which knows nothing of seeds/.
import 'dotenv/config';
import { runApi } from '../api/src/index.js';
import { sembrarDemo } from '../seeds/prepare.js';

await runApi({ demo: sembrarDemo });
