// One form of address throughout: the admin speaks to the person using it as «tú» («Revisa los
// campos», «Tu cuenta», «Vuelve a intentarlo»), never as «usted» («Revise», «Su cuenta», «Vuelva a
// intentarlo»). What it shows comes from its catalogue (src/providers/i18n), its components and
// the login screen (src/), the contract both sides share (contrato/) and the API's messages, one
// page of its catalogue per module (api/src/**/mensajes.ts): every string written in those files
// is read here, from the source (the admin imports nothing from the API; comments are no text
// anyone reads), and each usted form found is named with its file and its string.
//
// «Su» and the third person stay where they speak of someone else: «se cerrarán sus sesiones»
// of another account, «su factura» of a usuario, «Quien lo tenga». So the list below holds what
// only «usted» says: its imperatives where a clause starts («…: revise los campos», «y pulse»,
// «no use»), their forms with a pronoun («Compruébelo», «Désela»), and the turns that address
// the reader («Su cuenta (editor)…», «Solo tiene acceso…», «Si lo deja vacío…»).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const raiz = resolve(import.meta.dirname, '../..');

/** Usted's imperatives («Revise», «pulse»), as «tú» says them differently («Revisa», «pulsa»). */
const IMPERATIVOS = [
  'abra', 'acorte', 'active', 'agrupe', 'añada', 'apunte', 'arrastre', 'asegúrese', 'avise', 'borre', 'cambie', 'cancele',
  'compruebe', 'configure', 'consulte', 'contacte', 'continúe', 'copie', 'corrija', 'desactive', 'descargue', 'edite',
  'elija', 'elimine', 'emita', 'envíe', 'escanee', 'escriba', 'espere', 'guarde', 'haga', 'indique', 'instale', 'intente',
  'introduzca', 'marque', 'pida', 'ponga', 'pruebe', 'pulse', 'quite', 'recargue', 'rectifique', 'reinicie', 'rellene',
  'repita', 'revise', 'revoque', 'salga', 'seleccione', 'suba', 'subsane', 'suelte', 'use', 'vaya', 'vuelva',
];

/** The same with a pronoun attached: only «usted» says these. */
const CON_PRONOMBRE = [
  'anúlela', 'arrástrelo', 'bórrelo', 'cámbiela', 'cámbielo', 'compruébela', 'compruébelo', 'confírmela', 'confírmelo',
  'conviértalo', 'cópielo', 'désela', 'déselo', 'desactívela', 'desactívelo', 'devuélvalo', 'déjela', 'déjelo', 'elíjalo',
  'escríbala', 'escríbalo', 'guárdela', 'guárdelo', 'guárdelos', 'indíquelo', 'instálelo', 'inténtelo', 'ordénelas',
  'pídala', 'pídalo', 'pídasela', 'pídaselo', 'pruébelo', 'rectifíquela', 'regístrelo', 'renuévelo', 'repítala', 'revísela',
  'revíselo', 'selecciónelo', 'súbalo',
];

/** What a clause begins with: the string's start, a stop, a bracket, «y», «o», «no». */
const INICIO = String.raw`(?:^|[.:;,(¿¡—–]\s*|\s(?:y|o|e|u|ni|no|luego|después)\s+)`;

const USTED: [RegExp, string][] = [
  [/\bustede?s?\b/i, '«usted»'],
  [new RegExp(`${INICIO}(${IMPERATIVOS.join('|')})\\b`, 'iu'), 'imperativo de usted'],
  [new RegExp(`(?<![\\p{L}])(${CON_PRONOMBRE.join('|')})(?![\\p{L}])`, 'iu'), 'imperativo de usted con pronombre'],
  [/(?:^|[.:;]\s+)Su (?:cuenta|sesión|contraseña|propia)\b/u, '«Su cuenta…» a quien lee'],
  [/\bsu (?:aplicación de autenticación|propia cuenta)\b/u, '«su aplicación…» de quien lee'],
  [/\bSolo (?:tiene|puede)\b/u, '«Solo tiene/puede…» a quien lee'],
  [/\bSi (?:no )?(?:puede|lo deja|la deja|los deja|las deja)\b/iu, '«Si no puede/lo deja…» a quien lee'],
  [/\b(?:No ha empezado|Debe elegir|que le dio|lo que escribió|mientras lo editaba|desde que (?:lo|la) leyó)\b/iu, 'tercera persona dirigida a quien lee'],
];

/** Files under `carpeta` (from the repository's root) whose name passes `toma`. */
function archivos(carpeta: string, toma: (nombre: string) => boolean): string[] {
  return readdirSync(resolve(raiz, carpeta), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && toma(e.name))
    .map((e) => relative(raiz, join(e.parentPath, e.name)))
    .filter((f) => !f.split('/').includes('node_modules'))
    .sort();
}

/** Every text a file writes: its strings, template literals' text and JSX text, not the modules it imports. */
function textos(archivo: string): string[] {
  const fuente = ts.createSourceFile(archivo, readFileSync(resolve(raiz, archivo), 'utf8'), ts.ScriptTarget.Latest, true, archivo.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const encontrados: string[] = [];
  const visitar = (nodo: ts.Node) => {
    if (ts.isImportDeclaration(nodo) || ts.isExportDeclaration(nodo) || ts.isImportTypeNode(nodo)) return;
    if (ts.isCallExpression(nodo) && nodo.expression.kind === ts.SyntaxKind.ImportKeyword) return;
    if (ts.isStringLiteral(nodo) || ts.isNoSubstitutionTemplateLiteral(nodo) || ts.isTemplateHead(nodo) || ts.isTemplateMiddle(nodo) || ts.isTemplateTail(nodo)) {
      encontrados.push(nodo.text);
    } else if (ts.isJsxText(nodo) && nodo.text.trim()) {
      encontrados.push(nodo.text.trim());
    }
    ts.forEachChild(nodo, visitar);
  };
  visitar(fuente);
  return encontrados;
}

const FUENTE = (nombre: string) => /\.tsx?$/.test(nombre) && !nombre.endsWith('.d.ts');
const DEL_ADMIN = archivos('admin/src', FUENTE);
const DEL_CONTRATO = archivos('contrato', FUENTE);
const PAGINAS_DEL_API = archivos('api/src', (nombre) => nombre === 'mensajes.ts');

/** «file: "string" (what is wrong)» for each usted form in the files. */
function enUsted(lista: string[]): string[] {
  return lista.flatMap((archivo) =>
    textos(archivo).flatMap((texto) => {
      const motivo = USTED.find(([patron]) => patron.test(texto));
      return motivo ? [`${archivo}: «${texto}» (${motivo[1]}: ${texto.match(motivo[0])![0].trim()})`] : [];
    }),
  );
}

describe('the admin addresses people as «tú»', () => {
  it('the admin: its catalogue, its components and the login screen', () => {
    expect(enUsted(DEL_ADMIN)).toEqual([]);
  });

  it('the contract shared by the API and the admin', () => {
    expect(enUsted(DEL_CONTRATO)).toEqual([]);
  });

  it('every page of the API’s catalogue of messages', () => {
    expect(enUsted(PAGINAS_DEL_API)).toEqual([]);
  });

  it('the reading is the real one: it finds what it looks for', () => {
    // A pattern that matched nothing, or a reading that found no files, would pass by itself.
    expect(DEL_ADMIN).toContain('admin/src/providers/i18n/aula.ts');
    expect(DEL_ADMIN).toContain('admin/src/login/Login.tsx');
    expect(PAGINAS_DEL_API).toEqual(expect.arrayContaining(['api/src/rest/mensajes.ts', 'api/src/auth/mensajes.ts', 'api/src/verifactu/mensajes.ts']));
    expect(textos('admin/src/providers/i18n/sesion.ts')).toContain('Tu sesión ha caducado');
    const usted = [
      'Los datos no son válidos: revise los campos señalados',
      'Su cuenta (editor) no tiene acceso a esta página',
      'Demasiados intentos. Vuelva a intentarlo dentro de un minuto',
      'El token se muestra una vez: cópielo ahora',
      'Désela por un medio seguro',
      'Corrija la causa y pulse «Reintentar»',
      'Al menos 12 caracteres; no use su nombre de usuario',
      'Si lo deja vacío, va al final',
      'Solo tiene acceso a los pagos de su propia cuenta',
      'Escriba el código que muestra ahora su aplicación de autenticación',
      'mientras usted lo tenía abierto',
    ];
    for (const texto of usted) expect(USTED.some(([patron]) => patron.test(texto)), texto).toBe(true);
    const tu = [
      'Los datos no son válidos: revisa los campos señalados',
      'Tu cuenta (editor) no tiene acceso a esta página',
      'Se cerrarán sus sesiones abiertas y, al entrar, deberá elegir una contraseña nueva.',
      'Quien lo tenga actúa con el rol «editor»',
      'Sin conexión: la subida seguirá cuando vuelva',
      'mientras siga así',
      'Lo que la aplicación hace por su cuenta',
      'Espera entre envíos que pide la AEAT',
      'Déjalo vacío para dar el acceso que da el curso: sus días de acceso, o para siempre si no tiene',
      'Se emite a nombre de su usuario por el importe del pago',
      'Detenido hasta que se corrija la causa y se pulse «Reintentar»',
    ];
    for (const texto of tu) expect(USTED.some(([patron]) => patron.test(texto)), texto).toBe(false);
  });
});
