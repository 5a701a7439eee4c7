import NextLink from "next/link";
import type { DocumentListItem } from "@/contracts/document";
import { groupHref } from "@/lib/group-link";

export interface DocumentCardLabels {
  by: string;
  uploadedBy: string;
  microsites: string;
  tags: string;
  flagged: string;
}

/** One result: type badge, title (a link over the card), authors, year, journal, abstract, microsites and tags. */
export function DocumentCard({ item, href, typeLabel, labels, linkPrefix }: { item: DocumentListItem; href: string; typeLabel: string; labels: DocumentCardLabels; linkPrefix: string }) {
  const doc = item.document;
  const source = [doc.journal ?? doc.publisher, doc.year].filter(Boolean).join(", ");
  return (
    <li className="cca-dl-card cca-doc-card">
      <div className="cca-dl-card-body">
        <span className="cca-doc-badge">{typeLabel}</span>
        <NextLink href={href} className="cca-dl-card-title" prefetch={false}>
          {doc.title}
        </NextLink>
        {doc.author ? (
          <p className="cca-dl-card-line">
            <b>{labels.by}</b> {doc.author}
          </p>
        ) : null}
        {source ? <p className="cca-dl-card-line">{source}</p> : null}
        {doc.notes ? <p className="cca-dl-card-line cca-doc-abstract">{doc.notes}</p> : null}
        <p className="cca-dl-card-line">
          <b>{labels.uploadedBy}</b> {item.userIbp.name}
          {doc.flagCount > 0 ? <span className="cca-doc-flag"> · {labels.flagged}</span> : null}
        </p>
        {item.userGroupIbp.length ? (
          <p className="cca-dl-card-line cca-doc-above">
            <b>{labels.microsites}</b>{" "}
            {item.userGroupIbp.map((g, i) => (
              <span key={g.id}>
                {i > 0 ? ", " : ""}
                <NextLink href={`${g.webAddress}/document/list`} prefetch={false}>
                  {g.name}
                </NextLink>
              </span>
            ))}
          </p>
        ) : null}
        {item.tags.length ? (
          <ul className="cca-doc-tags cca-doc-above" aria-label={labels.tags}>
            {item.tags.map((tag) => (
              <li key={tag.id}>
                <NextLink href={`${groupHref(linkPrefix, "/document/list")}?tags=${encodeURIComponent(tag.name)}`} prefetch={false}>
                  {tag.name}
                </NextLink>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}
