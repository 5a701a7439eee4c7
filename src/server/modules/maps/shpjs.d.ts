/** The parts of shpjs (6.x, no types of its own) the layer reader uses. */
declare module "shpjs" {
  import type { Geometry } from "geojson";

  /** The geometries of a `.shp`, in its own coordinates when no projection is given. */
  export function parseShp(shp: ArrayBuffer | ArrayBufferView, prj?: string | false): Array<Geometry | null>;
  /** The rows of a `.dbf`, decoded with the `.cpg` code page (UTF-8 by default). */
  export function parseDbf(dbf: ArrayBuffer | ArrayBufferView, cpg?: string): Array<Record<string, unknown>>;
}
