/**
 * The response table and exports of CCA records (issue 14; reference §3.5 `data/all`,
 * `data/all/download`, §3.1 `downloadLog/list`; screens §2.10, §2.28). Pure: no server or browser imports.
 */
import { ROLES } from "@site-config";
import type { CCAData, CCAFieldValue } from "./cca-data";
import type { FieldType } from "./template";

/** Who opens the response table and exports: administrators, data curators, template curators. */
export const DATA_EXPORTERS: readonly string[] = [ROLES.ADMIN, ROLES.DATACURATOR, ROLES.TEMPLATECURATOR];

export const DATA_TABLE_DEFAULT_LIMIT = 20;
export const DATA_TABLE_MAX_LIMIT = 100;

/** Sort keys of the table besides a summary field id. */
export const DATA_TABLE_SORT_KEYS = ["id", "createdOn", "updatedOn"] as const;
export type SortOrder = "asc" | "desc";

export interface DataTableColumn {
  fieldId: string;
  name: string;
  type: FieldType;
}

export interface DataTableRow {
  id: number;
  userId: string;
  createdOn: number;
  updatedOn: number;
  /** Summary values (option labels in the asked language), in column order; empty ones left out. */
  values: CCAFieldValue[];
}

/** `GET cca-api/api/v1/data/table`: one page of a template's records, the template's summary columns (the original's `data/all` answers the reference's bare array of `CCAData`). */
export interface DataTableResponse {
  totalCount: number;
  offset: number;
  limit: number;
  sort: string;
  order: SortOrder;
  columns: DataTableColumn[];
  data: DataTableRow[];
}

/**
 * `GET cca-api/api/v1/data/all?shortName=&projectAll=` (reference §3.5, the original's table screen):
 * every matching record, newest first, with the values of its summary and FILE fields (`projectAll=true`:
 * every value) in their public form; streamed, never paged.
 */
export type DataAllResponse = CCAData[];

export const EXPORT_FORMATS = ["csv", "xlsx", "geojson"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const isExportFormat = (value: unknown): value is ExportFormat => typeof value === "string" && (EXPORT_FORMATS as readonly string[]).includes(value);

/** The purpose note an exporter writes first: required, at most this many characters. */
export const EXPORT_NOTES_MAX = 200;

/** Where the file of an export is fetched (GET, Bearer of its exporter or an admin). */
export const exportFilePath = (id: number) => `cca-api/api/v1/data/all/download/${id}`;
