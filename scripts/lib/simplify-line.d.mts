// Types of simplify-line.mjs, for the unit tests (TypeScript reads no JavaScript here: allowJs is off).
export type Position = [number, number];
export function simplifyLine(line: Position[], tolerance: number): Position[];
export function ringArea2(ring: Position[]): number;
export function simplifyRing(ring: Position[], tolerance: number, round: (n: number) => number): Position[] | null;
