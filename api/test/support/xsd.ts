// The AEAT's own schemas, applied by Debian's xmllint (libxml2-utils, installed by .ci/run) with
// the catalog that resolves the W3C xmldsig import locally: no network, the reference validator.
// A SOAP envelope is checked whole: a small schema of ours for Envelope/Header/Body whose Body
// must be exactly one RegFactuSistemaFacturacion, validated by SuministroLR.xsd.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The AEAT's files, copied unchanged into the repository (referencias/aeat-verifactu/README.md says from where). */
export const AEAT = fileURLToPath(new URL('../../../referencias/aeat-verifactu/', import.meta.url));
const ESQUEMAS = join(AEAT, 'esquemas');

export interface Validacion {
  ok: boolean;
  /** xmllint's messages, one per line, when it fails. */
  errores: string;
}

let esquemaSobre: Promise<string> | undefined;

function sobreXsd(): Promise<string> {
  esquemaSobre ??= (async () => {
    if (!existsSync(join(ESQUEMAS, 'SuministroLR.xsd'))) throw new Error(`Faltan los esquemas de la AEAT en ${ESQUEMAS}`);
    const dir = await mkdtemp(join(tmpdir(), 'aula-xsd-'));
    const ruta = join(dir, 'sobre-soap.xsd');
    await writeFile(
      ruta,
      `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:lr="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd"
  targetNamespace="http://schemas.xmlsoap.org/soap/envelope/" elementFormDefault="qualified">
  <xs:import namespace="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd" schemaLocation="${join(ESQUEMAS, 'SuministroLR.xsd')}"/>
  <xs:element name="Envelope">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="Header" minOccurs="0">
          <xs:complexType><xs:sequence><xs:any namespace="##any" processContents="lax" minOccurs="0" maxOccurs="unbounded"/></xs:sequence></xs:complexType>
        </xs:element>
        <xs:element name="Body">
          <xs:complexType><xs:sequence><xs:element ref="lr:RegFactuSistemaFacturacion"/></xs:sequence></xs:complexType>
        </xs:element>
      </xs:sequence>
    </xs:complexType>
  </xs:element>
</xs:schema>
`,
    );
    process.once('exit', () => void rm(dir, { recursive: true, force: true }));
    return ruta;
  })();
  return esquemaSobre;
}

function xmllint(esquema: string, xml: string): Promise<Validacion> {
  return new Promise((resolve, reject) => {
    const hijo = execFile(
      'xmllint',
      ['--nonet', '--noout', '--huge', '--schema', esquema, '-'],
      { env: { ...process.env, XML_CATALOG_FILES: join(ESQUEMAS, 'catalogo.xml') }, maxBuffer: 64 * 1024 * 1024 },
      (err, _stdout, stderr) => {
        if (err && (err as NodeJS.ErrnoException).code === 'ENOENT') {
          reject(new Error('xmllint no está instalado: apt-get install libxml2-utils (.ci/run lo instala)'));
          return;
        }
        resolve({ ok: !err, errores: stderr.split('\n').filter((l) => l && !l.endsWith(' validates')).join('\n') });
      },
    );
    hijo.stdin!.end(xml);
  });
}

/** A whole SOAP envelope, as the AEAT receives it. */
export async function validarSobre(xml: string): Promise<Validacion> {
  return xmllint(await sobreXsd(), xml);
}

/** A document against one of the AEAT's schemas by name (RespuestaSuministro.xsd for an answer's body). */
export function validarCon(esquema: string, xml: string): Promise<Validacion> {
  return xmllint(join(ESQUEMAS, esquema), xml);
}
