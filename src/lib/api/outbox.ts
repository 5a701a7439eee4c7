import type { AxiosInstance } from "axios";
import type { OutboxMessage } from "@/contracts/outbox";

export type { OutboxMessage };

/** GET utility-api/api/v1/outbox?to= (admin only): the newest messages first. */
export async function fetchOutbox(client: AxiosInstance, to?: string): Promise<OutboxMessage[]> {
  const { data } = await client.get<OutboxMessage[]>("utility-api/api/v1/outbox", { params: { to: to || undefined } });
  return data;
}
