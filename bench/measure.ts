// The sides of a comparison measured in alternating slices rather than one after the other: on a
// shared machine the background load drifts, and alternating lets every side see the same drift,
// so the ratios between them hold even when the absolute figures move.
import { Recorder, type Figures } from './stats.js';

/** Runs the load for `seconds`, recording into the recorder; returns the seconds it really ran. */
export type Load = (seconds: number, recorder: Recorder) => Promise<number>;

const SLICE_SECONDS = 2;

/** The figures of each side, in the order given. */
export async function measureSides(duration: number, sides: Load[]): Promise<Figures[]> {
  // An untimed run first, so JIT warm-up and cold pages stay out of the figures.
  for (const load of sides) await load(Math.min(1, duration / 5), new Recorder());
  const slices = Math.max(1, Math.round(duration / SLICE_SECONDS));
  const recorders = sides.map(() => new Recorder());
  const seconds = sides.map(() => 0);
  for (let i = 0; i < slices; i++) {
    for (const [j, load] of sides.entries()) seconds[j] += await load(duration / slices, recorders[j]);
  }
  return recorders.map((r, j) => r.figures(seconds[j]));
}
