import { jsonLdText, type JsonLdObject } from "@/lib/structured-data/json-ld";

/**
 * schema.org JSON-LD as a data block (put it inside next/head). Not executed, so the CSP's nonce is not
 * needed; its text is escaped so it can never close the element (`<` as `\u003c`).
 */
export function JsonLd({ data, id }: { data: JsonLdObject | null; id: string }) {
  if (!data) return null;
  return <script type="application/ld+json" key={id} id={id} dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
