import type { ConsentInput } from "@/contracts/consent";

/** The consent a contributor gives on the participation form for a public record (issue 30). */
export const PUBLIC_CONSENT: ConsentInput = { audience: "PUBLIC", registries: false, givenBy: "CONTRIBUTOR", method: "DECLARATION", givenOn: "2026-01-15" };
