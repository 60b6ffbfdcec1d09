// A User-Agent as a person recognises their own device: «Firefox en Linux», «Safari en iPhone».
import { cuenta } from '../providers/i18n/cuenta';

// Order matters: Edge and Opera say «Chrome» too, Chrome says «Safari».
const NAVEGADORES: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS/, 'Firefox'],
  [/Chrome\/|CriOS/, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SISTEMAS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const primero = (ua: string, lista: [RegExp, string][]) => lista.find(([re]) => re.test(ua))?.[1];

export function resumenDispositivo(ua: string | null): string {
  const navegador = ua ? primero(ua, NAVEGADORES) : undefined;
  const sistema = ua ? primero(ua, SISTEMAS) : undefined;
  if (navegador && sistema) return cuenta.sesiones.en.replace('%{navegador}', navegador).replace('%{sistema}', sistema);
  return navegador ?? sistema ?? cuenta.sesiones.desconocido;
}
