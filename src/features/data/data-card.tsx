import NextLink from "next/link";
import type { CCADataSubset } from "@/contracts/cca-data";
import { LABEL_TREATMENTS } from "@/contracts/restrictions";
import { LabelIcon } from "@/components/labels/label-icon";
import { cropUrl, mediaKind, recordTitle, valueText } from "./data-values";

const THUMB_HEIGHT = 144;
const MAX_LINES = 4;

/** One result: the title (a link over the whole card), "name: value" summary lines and a thumbnail. */
export function DataCard({
  item,
  href,
  lang,
  untitled,
  labelName,
}: {
  item: CCADataSubset & { labels?: string[] };
  href: string;
  lang: string;
  untitled: string;
  /** A label's name in the visitor's language (the record's Local Contexts labels show under its title). */
  labelName?: (labelId: string) => string;
}) {
  const title = recordTitle(item.titlesValues, lang) ?? untitled;
  const titleIds = new Set(item.titlesValues.map((v) => v.fieldId));
  const lines = item.values
    .filter((v) => !titleIds.has(v.fieldId))
    .map((v) => ({ id: v.fieldId, name: v.name, text: valueText(v, lang) }))
    .filter((l): l is { id: string; name: string; text: string } => Boolean(l.text))
    .slice(0, MAX_LINES);
  const image = item.files.find((f) => mediaKind(f) === "image");
  return (
    <li className="cca-dl-card">
      {/* eslint-disable-next-line @next/next/no-img-element -- files-api crops; images.unoptimized is on, so next/image would only add weight */}
      {image ? <img className="cca-dl-thumb" src={cropUrl(image.path, THUMB_HEIGHT)} alt="" width={72} height={72} loading="lazy" decoding="async" /> : null}
      <div className="cca-dl-card-body">
        <NextLink href={href} className="cca-dl-card-title" prefetch={false}>
          {title}
        </NextLink>
        {labelName && item.labels && item.labels.length > 0 ? (
          <p className="cca-dl-card-line" data-testid="card-labels">
            {item.labels.map((id) => (
              <span key={id} style={{ display: "inline-flex", alignItems: "center", gap: 4, marginInlineEnd: 8 }}>
                <LabelIcon kind={id.startsWith("bc-") ? "BC" : "TK"} restricts={id in LABEL_TREATMENTS} size={16} />
                {labelName(id)}
              </span>
            ))}
          </p>
        ) : null}
        {lines.map((l) => (
          <p key={l.id} className="cca-dl-card-line">
            <b>{l.name}:</b> {l.text}
          </p>
        ))}
      </div>
    </li>
  );
}
