/** Pure parts of a record's consent: the row a consent is stored as, and whether a change takes something back. */
import { CONSENT_AUDIENCES, type ConsentInput } from "@/contracts/consent";
import type { ConsentInsertRow, ConsentRow } from "./record-consent.repository";

/** Whether consent `next` takes back something `previous` gave (a narrower audience, or no longer for the registries). */
export function narrows(previous: Pick<ConsentRow, "audience" | "registries"> | null, next: Pick<ConsentInput, "audience" | "registries">): boolean {
  if (previous === null) return false;
  return CONSENT_AUDIENCES.indexOf(next.audience) < CONSENT_AUDIENCES.indexOf(previous.audience) || (previous.registries && !next.registries);
}

/** The consent of a new record (`data/save`'s `consent`; none given: not public). */
export function consentRowOf(dataId: number, recordedBy: number | null, input: ConsentInput | null | undefined): ConsentInsertRow | null {
  if (!input) return null;
  return {
    data_id: dataId,
    audience: input.audience,
    registries: input.audience === "PUBLIC" && input.registries,
    given_by: input.givenBy,
    method: input.method,
    given_on: input.givenOn,
    document: input.document ?? null,
    note: input.note ?? null,
    recorded_by: recordedBy,
  };
}
