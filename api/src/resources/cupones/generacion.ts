// Many single-use cupones at once (docs/arquitectura.md §23): random codes from an alphabet with
// no look-alikes (no 0/O, 1/I), drawn with node:crypto, written with createMany in the caller's
// transaction (all of them or none).
import { randomBytes } from 'node:crypto';
import type { Escritor } from '../../base/types.js';
import { normalizeCodigo } from './index.js';

/** 32 symbols: a byte's five low bits pick one with no bias. */
const ALFABETO = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LONGITUD = 10;

export interface Generacion {
  prefijo?: string;
  cantidad: number;
  tipo: 'porcentaje' | 'importe';
  valor: number;
  moneda?: string;
  ambito?: 'todos' | 'categoria' | 'curso';
  categoriaId?: number | null;
  cursoId?: number | null;
  desde?: string | null;
  hasta?: string | null;
  descripcion?: string | null;
  lote?: string;
}

/** `n` distinct random codes, `PREFIJO-XXXXXXXXXX` (50 bits each). */
export function generateCodigos(n: number, prefijo = ''): string[] {
  const cabeza = prefijo ? `${normalizeCodigo(prefijo)}-` : '';
  const codigos = new Set<string>();
  while (codigos.size < n) {
    const bytes = randomBytes(LONGITUD);
    let codigo = cabeza;
    for (const b of bytes) codigo += ALFABETO[b & 31];
    codigos.add(codigo);
  }
  return [...codigos];
}

export async function generateCupones(w: Escritor, g: Generacion): Promise<{ lote: string; cupones: { id: number; codigo: string }[] }> {
  // Codes already taken are drawn again (with 50 bits, practically never).
  let codigos = generateCodigos(g.cantidad, g.prefijo);
  for (;;) {
    const tomados = new Set<string>();
    for (let i = 0; i < codigos.length; i += 500) {
      const filas = (await w.db('cupones').whereIn('codigo', codigos.slice(i, i + 500)).select('codigo')) as { codigo: string }[];
      for (const f of filas) tomados.add(f.codigo);
    }
    if (!tomados.size) break;
    const otros = generateCodigos(tomados.size * 2, g.prefijo).filter((c) => !codigos.includes(c));
    codigos = [...codigos.filter((c) => !tomados.has(c)), ...otros].slice(0, g.cantidad);
  }
  const lote = g.lote ?? `${g.prefijo ? normalizeCodigo(g.prefijo) : 'LOTE'} ${new Date().toISOString().slice(0, 19).replace('T', ' ')}`;
  const comun = {
    tipo: g.tipo,
    valor: g.valor,
    moneda: g.moneda ?? 'EUR',
    ambito: g.ambito ?? 'todos',
    categoriaId: g.categoriaId ?? null,
    cursoId: g.cursoId ?? null,
    desde: g.desde ?? null,
    hasta: g.hasta ?? null,
    maxUsos: 1,
    maxUsosPorUsuario: 1,
    activo: true,
    descripcion: g.descripcion ?? null,
    lote,
  };
  const ids = await w.createMany('cupones', codigos.map((codigo) => ({ ...comun, codigo })));
  return { lote, cupones: ids.map((id, i) => ({ id, codigo: codigos[i] })) };
}
