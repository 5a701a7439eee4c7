import { ROLES } from "@site-config";
import { fetchOutbox, type OutboxMessage } from "@/lib/api/outbox";
import { queryText } from "@/lib/params";
import { requireRole } from "@/lib/ssr/guards";
import { withLayout } from "@/lib/ssr/with-layout";

export interface OutboxProps {
  to: string;
  /** Newest first; null when the platform could not answer. */
  messages: OutboxMessage[] | null;
}

/** Admins only: anonymous → sign in, other members → 403. */
export const getServerSideProps = withLayout<OutboxProps>(async (screen) => {
  const refused = requireRole(screen, [ROLES.ADMIN]);
  if (refused) return refused;
  const to = queryText(screen.ctx.query.to, 254);
  let messages: OutboxMessage[] | null;
  try {
    messages = await fetchOutbox(screen.client, to);
  } catch {
    messages = null;
  }
  return { props: { to, messages } };
});
