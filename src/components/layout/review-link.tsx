import { useEffect, useState } from "react";
import type { SessionUser } from "@/contracts/user";
import { ApiError } from "@/lib/api/api-error";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { REVIEW_COUNT_CHANGED, fetchReviewCount } from "@/lib/api/review";
import { groupHref } from "@/lib/group-link";
import useTranslation from "@/lib/i18n/use-translation";
import { numberFormat } from "@/shared/format/intl";
import { NavLink } from "./nav-link";

/** Signed-in users the platform refused a count (not reviewers): asked once per page load, not on every screen. */
const refused = new Set<number>();

export interface ReviewLinkProps {
  user: SessionUser;
  linkPrefix: string;
}

/**
 * "Review (N)" in the header for those who review records (data curators and administrators; founders and
 * moderators for their groups' records). Loaded after hydration (next/dynamic, never on the server): it asks
 * `data/review/count` once the browser is idle and shows nothing until the answer, or at all when the platform refuses (403).
 * Asks again when a review screen reports a decision.
 */
export default function ReviewLink({ user, linkPrefix }: ReviewLinkProps) {
  const { t, lang } = useTranslation();
  const [count, setCount] = useState<number | null>(null);

  useEffect(() => {
    if (refused.has(user.id)) return;
    let live = true;
    const load = async () => {
      try {
        const answer = await fetchReviewCount(await loadBrowserClient());
        if (live) setCount(answer.count);
      } catch (error) {
        const { status } = ApiError.from(error);
        if (status === 403 || status === 401) refused.add(user.id);
        if (live) setCount(null);
      }
    };
    // When the browser is idle: the page's own requests go first.
    const idle = typeof window.requestIdleCallback === "function";
    const handle = idle ? window.requestIdleCallback(() => void load(), { timeout: 3000 }) : window.setTimeout(() => void load(), 1000);
    const again = () => void load();
    window.addEventListener(REVIEW_COUNT_CHANGED, again);
    return () => {
      live = false;
      if (idle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
      window.removeEventListener(REVIEW_COUNT_CHANGED, again);
    };
  }, [user.id]);

  if (count === null) return null;
  return (
    <li>
      <NavLink href={groupHref(linkPrefix, "/data/review")} data-testid="review-link">
        {t("header:links.review", { count: numberFormat(lang).format(count) })}
      </NavLink>
    </li>
  );
}
