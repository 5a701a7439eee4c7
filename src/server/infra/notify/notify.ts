/**
 * The one way the platform sends messages. Every message is written to the outbox (admins read it at
 * /admin/outbox and GET utility-api/api/v1/outbox), so a deployment without mail or SMS still works;
 * when SMTP_URL / SMS_GATEWAY_URL are set it is also delivered, in the background. A delivery failure
 * is recorded on the outbox row and never fails the request that sent the message. SQL in outbox.repository.ts.
 */
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../db/db";
import type { Logger, PlatformSettings } from "../http/types";
import { maskSpentCodes } from "./outbox-codes";
import { insertOutboxMessage, markDelivered, markDeliveryFailed, type Channel } from "./outbox.repository";

export type { Channel } from "./outbox.repository";

export interface OutgoingMessage {
  channel: Channel;
  /** An e-mail address or an E.164 mobile number. */
  to: string;
  /** E-mail subject; kept in the outbox for SMS too. */
  subject: string;
  text: string;
}

export interface NotifyDeps {
  db: Db;
  settings: PlatformSettings;
  logger: Logger;
}

export interface Notified {
  /** The outbox row. */
  id: number;
  /** Settles when delivery finished or failed (already settled when there is nothing to deliver). Never rejects. */
  delivery: Promise<void>;
}

const DELIVERY_TIMEOUT_MS = 15_000;
const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl, {});
    transports.set(smtpUrl, transport);
  }
  return transport;
}

async function sendEmail(settings: PlatformSettings, message: OutgoingMessage): Promise<void> {
  await transportFor(settings.smtpUrl!).sendMail({ from: settings.mailFrom, to: message.to, subject: message.subject, text: message.text });
}

async function sendSms(settings: PlatformSettings, message: OutgoingMessage): Promise<void> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (settings.smsGatewayToken) headers.authorization = `Bearer ${settings.smsGatewayToken}`;
  const response = await fetch(settings.smsGatewayUrl!, {
    method: "POST",
    headers,
    body: JSON.stringify({ to: message.to, text: message.text }),
    signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
  });
  if (!response.ok) {
    const detail = (await response.text().catch(() => "")).slice(0, 200);
    throw new Error(`SMS gateway answered HTTP ${response.status}${detail ? `: ${detail}` : ""}`);
  }
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500) || "Delivery failed";
}

async function deliver(deps: NotifyDeps, id: number, message: OutgoingMessage): Promise<void> {
  try {
    if (message.channel === "email") await sendEmail(deps.settings, message);
    else await sendSms(deps.settings, message);
    await markDelivered(deps.db, id);
  } catch (error) {
    deps.logger.warn(`[notify] ${message.channel} to ${message.to} (outbox ${id}) not delivered: ${describe(error)}`);
    await markDeliveryFailed(deps.db, id, describe(error)).catch(() => undefined);
  }
}

/** Writes the message to the outbox and starts its delivery when a gateway for its channel is configured. */
export async function notify(deps: NotifyDeps, message: OutgoingMessage): Promise<Notified> {
  const id = await insertOutboxMessage(deps.db, message);
  // A new code replaces the recipient's older one, and a finished reset or verification is followed by a
  // message: spent codes leave the stored outbox here (issue 27 item 16). Never fails the sending request.
  await maskSpentCodes(deps.db).catch((error: unknown) => deps.logger.warn(`[notify] could not mask spent codes: ${describe(error)}`));
  const gateway = message.channel === "email" ? deps.settings.smtpUrl : deps.settings.smsGatewayUrl;
  return { id, delivery: gateway ? deliver(deps, id, message) : Promise.resolve() };
}
