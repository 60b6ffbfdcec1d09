// The password policy, wherever a password is set: the API's logins (create, PUT,
// PATCH, bulk), scripts/create-admin.ts (saveAdministrator) and ADMIN_PASSWORD in production.
// The demo account admin/admin of development is seeded directly and never passes through here.
import { readFileSync } from 'node:fs';
import { mensajes } from '../mensajes.js';
import { validationFailed } from '../base/errors.js';
import { LONGITUD_MINIMA } from '../../../contrato/contrasena.js';

/** What is left of a password once the usuario is taken out of it, below which it is only the usuario dressed up. */
const RESTO_MINIMO = 8;

// Read on first use: importing the registry (the admin's build does) reads no file.
let comunes: Set<string> | undefined;
const esComun = (forma: string) => {
  comunes ??= new Set(
    readFileSync(new URL('./contrasenas-comunes.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#')),
  );
  return comunes.has(forma);
};

// A password that is a stretch of one of these is a keyboard walk or a count, not a secret.
const SECUENCIAS = ['01234567890123456789', '98765432109876543210', 'abcdefghijklmnopqrstuvwxyz', 'zyxwvutsrqponmlkjihgfedcba', 'qwertyuiopasdfghjklzxcvbnm', 'mnbvcxzlkjhgfdsapoiuytrewq'];

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };

const normal = (s: string) => s.normalize('NFKC').toLowerCase();
/** Digits and signs before and after: «Password2024!» is «password». */
const sinRelleno = (s: string) => s.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
/** «clavesecreta» three times is «clavesecreta». */
const unidad = (s: string) => /^(.+?)\1+$/su.exec(s)?.[1] ?? s;

/** The forms a common password takes when dressed up to pass a length rule. */
function formas(pass: string): string[] {
  const p = normal(pass);
  const leet = (s: string) => s.replace(/[013457@$]/g, (c) => LEET[c]);
  const bases = [p, sinRelleno(p), leet(sinRelleno(p)), sinRelleno(leet(p))];
  return [...new Set([...bases, ...bases.map(unidad)])].filter(Boolean);
}

/** Why `pass` cannot be the password of `usuario`, in Spanish, or undefined when it can. */
export function motivoRechazo(pass: string, usuario: string | undefined): string | undefined {
  if ([...pass].length < LONGITUD_MINIMA) return mensajes.auth.contrasena.corta(LONGITUD_MINIMA);
  const p = normal(pass);
  const u = usuario ? normal(usuario) : '';
  if (u && (formas(pass).includes(u) || (p.includes(u) && [...p.replaceAll(u, '')].length < RESTO_MINIMO))) return mensajes.auth.contrasena.usuario;
  if (formas(pass).some(esComun) || SECUENCIAS.some((s) => s.includes(p))) return mensajes.auth.contrasena.comun;
  return undefined;
}

/** The policy as the API answers it: 422 with the reason next to the password field. */
export function assertPolicy(pass: string, usuario: string | undefined) {
  const motivo = motivoRechazo(pass, usuario);
  if (motivo) throw validationFailed([{ path: '/pass', code: 'password', message: motivo }]);
}
