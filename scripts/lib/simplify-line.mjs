// Douglas–Peucker simplification for the map build scripts (scripts/map-base-layer.mjs,
// scripts/build-india-states.mjs), in plain degrees. A closed ring is split at its point farthest from
// the start: measured against the start point twice (a zero-length baseline) every point scores 0, so
// the ring collapsed to its two ends and every country was dropped (issue 28).

const samePoint = (a, b) => a[0] === b[0] && a[1] === b[1];

/** Marks in `keep` the points of line[a..b] that lie farther than `tolerance` from the simplified path. */
function markKept(line, a, b, tolerance, keep) {
  const stack = [[a, b]];
  while (stack.length) {
    const [from, to] = stack.pop();
    const [ax, ay] = line[from];
    const [bx, by] = line[to];
    const length = Math.hypot(bx - ax, by - ay);
    let worst = -1;
    let index = -1;
    for (let i = from + 1; i < to; i++) {
      const [px, py] = line[i];
      // Distance to the baseline, or to its one point when it has no length.
      const d = length === 0 ? Math.hypot(px - ax, py - ay) : Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / length;
      if (d > worst) [worst, index] = [d, i];
    }
    if (worst > tolerance) {
      keep[index] = 1;
      stack.push([from, index], [index, to]);
    }
  }
}

/** The points of `line` (open, or a closed ring whose last point equals its first) that keep its shape within `tolerance`. */
export function simplifyLine(line, tolerance) {
  if (line.length <= 4) return line;
  const last = line.length - 1;
  const keep = new Uint8Array(line.length);
  keep[0] = keep[last] = 1;
  if (samePoint(line[0], line[last])) {
    let far = 1;
    let farthest = -1;
    for (let i = 1; i < last; i++) {
      const d = Math.hypot(line[i][0] - line[0][0], line[i][1] - line[0][1]);
      if (d > farthest) [farthest, far] = [d, i];
    }
    keep[far] = 1;
    markKept(line, 0, far, tolerance, keep);
    markKept(line, far, last, tolerance, keep);
  } else {
    markKept(line, 0, last, tolerance, keep);
  }
  return line.filter((_, i) => keep[i]);
}

/** Twice the signed planar area of a ring, in degrees² (positive when counter-clockwise). */
export function ringArea2(ring) {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) sum += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
  return sum;
}

/**
 * A polygon ring simplified within `tolerance`, rounded with `round`, without repeated points and closed
 * again; null when too little is left to enclose anything (under four points or no area).
 */
export function simplifyRing(ring, tolerance, round) {
  const out = [];
  for (const [x, y] of simplifyLine(ring, tolerance)) {
    const p = [round(x), round(y)];
    if (!out.length || !samePoint(out[out.length - 1], p)) out.push(p);
  }
  if (out.length > 0 && !samePoint(out[0], out[out.length - 1])) out.push(out[0]);
  return out.length >= 4 && ringArea2(out) !== 0 ? out : null;
}
