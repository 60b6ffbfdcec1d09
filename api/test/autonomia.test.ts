// A user's clone has nothing beside it: `npm install && npm start` and `npm test` must work from
// the repository alone (issue 29 #19). The AEAT's schemas and recorded answers the tests read are
// copied into referencias/; nothing tracked may reach for the folder the project grew up beside.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AEAT } from './support/xsd.js';

const root = resolve(import.meta.dirname, '../..');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);

describe('the repository stands alone', () => {
  it('no tracked file points at ../shared or another folder beside the repository', () => {
    // A path into the sibling folder (an import of a module named shared.ts is no such thing).
    const fuera = new RegExp(['\\.\\./', 'shared/'].join(''));
    const culpables = tracked
      .filter((f) => /\.(ts|tsx|js|mjs|cjs|json|sh|md|yml|yaml)$/.test(f) || f === '.ci/run')
      .filter((f) => existsSync(resolve(root, f)) && fuera.test(readFileSync(resolve(root, f), 'utf8')));
    expect(culpables).toEqual([]);
  });

  it('the AEAT files the tests read are inside it, and tracked', () => {
    expect(AEAT.startsWith(root)).toBe(true);
    for (const f of ['esquemas/SuministroLR.xsd', 'esquemas/SuministroInformacion.xsd', 'esquemas/RespuestaSuministro.xsd', 'esquemas/catalogo.xml', 'respuestas/aceptado.xml']) {
      expect(tracked, f).toContain(`referencias/aeat-verifactu/${f}`);
    }
  });
});
