import type { ReactElement } from "react";
import { jsonLdText, type JsonLdObject } from "@/lib/structured-data/json-ld";

/**
 * schema.org JSON-LD as a data block. Not executed, so the CSP's script nonce does not apply to it; its
 * text is escaped so it can never close the element (`<` as `\u003c`).
 *
 * Inside next/head, call `jsonLdElement(...)`: next/head keeps (and on client-side navigation updates)
 * only its direct `<script>`/`<meta>`… children, not components. `<JsonLd>` is for the body.
 */
export function jsonLdElement(id: string, data: JsonLdObject | null): ReactElement | null {
  if (!data) return null;
  return <script type="application/ld+json" key={id} id={id} dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}

export function JsonLd({ data, id }: { data: JsonLdObject | null; id: string }) {
  return jsonLdElement(id, data);
}
