// Query plans of the measured SQL, and the findings the targets care about: a full table scan
// (every row read) and, as a note, a sort of every matching row before the LIMIT applies.
import type { Driver } from './driver.js';
import type { Statement } from './scenarios.js';

export interface Plan {
  sql: string;
  lines: string[];
  fullScans: string[];
  sorts: string[];
}

/** SQLite: `SCAN t` without an index; PostgreSQL: `Seq Scan on t`, or `Parallel Seq Scan on t`. */
export function findFullScans(lines: string[]): string[] {
  return lines.filter((l) => /^\s*(->\s*)?(Parallel )?Seq Scan on /.test(l) || (/^SCAN \S+/.test(l) && !/\bINDEX\b/.test(l) && !/^SCAN CONSTANT/.test(l)));
}

function findSorts(lines: string[]): string[] {
  return lines.filter((l) => /TEMP B-TREE FOR ORDER BY/.test(l) || /^\s*(->\s*)?Sort\s+\(/.test(l));
}

export async function explain(driver: Driver, { sql, params }: Statement): Promise<Plan> {
  // Only reads are planned: writes (a session touch) and transaction control (BEGIN, SET LOCAL)
  // have no plan worth reading, and the driver's connection is read-only.
  const lines = /^\s*(select|with)\b/i.test(sql) ? await driver.explain(sql, params) : ['(sin plan)'];
  return { sql, lines, fullScans: findFullScans(lines), sorts: findSorts(lines) };
}
