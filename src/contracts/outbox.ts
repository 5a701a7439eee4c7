/** One message of the notifier's outbox, as GET utility-api/api/v1/outbox answers it (admins only). */
export interface OutboxMessage {
  id: number;
  channel: "email" | "sms";
  recipient: string;
  subject: string;
  body: string;
  /** ISO 8601. */
  createdOn: string;
  /** When a gateway took the message (ISO 8601); null when not delivered (no gateway, or failed). */
  deliveredAt: string | null;
  /** Why delivery failed, if it did. */
  error: string | null;
}
