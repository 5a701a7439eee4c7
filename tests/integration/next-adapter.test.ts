/** The Next adapter of the platform API: what reaches the router and what goes back on the wire. */
import { Readable } from "node:stream";
import type { NextApiRequest, NextApiResponse } from "next";
import { describe, expect, it, vi } from "vitest";
import { json, Router } from "@/server/infra/http/router";
import type { PlatformDeps } from "@/server/infra/http/types";
import platformApi from "@/pages/api/platform/[...path]";

const router = new Router({} as PlatformDeps);
router.post("user", "/v1/echo", (ctx) =>
  json({ clientAddress: ctx.request.clientAddress ?? null, body: ctx.request.body?.toString() ?? null }, 200, {
    "set-cookie": ["A=1; Path=/", "B=2; Path=/; HttpOnly"],
  }),
);

const env: { trustProxy: boolean; trustProxyHops?: number } = { trustProxy: false };
vi.mock("@/server/app/boot", () => ({ getPlatform: async () => ({ router, deps: {}, env }) }));

interface Captured {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

async function call(headers: Record<string, string>, remoteAddress = "192.0.2.10"): Promise<Captured> {
  const req = Object.assign(Readable.from([Buffer.from("x=1")]), {
    method: "POST",
    url: "/api/platform/user/v1/echo",
    query: { path: ["user", "v1", "echo"] },
    headers,
    socket: { remoteAddress },
  }) as unknown as NextApiRequest;
  const captured: Captured = { status: 0, headers: {}, body: "" };
  const res = {
    status(code: number) {
      captured.status = code;
      return res;
    },
    setHeader(name: string, value: string | string[]) {
      captured.headers[name.toLowerCase()] = value;
      return res;
    },
    end(chunk?: string | Buffer) {
      captured.body = chunk === undefined ? "" : chunk.toString();
      return res;
    },
  } as unknown as NextApiResponse;
  await platformApi(req, res);
  return captured;
}

describe("[ADAPTER] src/pages/api/platform/[...path].ts", () => {
  it("passes every Set-Cookie value through and the body to the router", async () => {
    const res = await call({});
    expect(res.status).toBe(200);
    expect(res.headers["set-cookie"]).toEqual(["A=1; Path=/", "B=2; Path=/; HttpOnly"]);
    expect(JSON.parse(res.body)).toEqual({ clientAddress: "192.0.2.10", body: "x=1" });
  });

  it("the client address is the socket's; X-Forwarded-For counts only with TRUST_PROXY", async () => {
    const spoofed = await call({ "x-forwarded-for": " 203.0.113.7 , 10.0.0.1" });
    expect(JSON.parse(spoofed.body).clientAddress).toBe("192.0.2.10");
    env.trustProxy = true;
    const res = await call({ "x-forwarded-for": " 203.0.113.7 , 10.0.0.1" });
    env.trustProxy = false;
    // One proxy appends the address it saw: the right-most entry; the left one is the client's to make up.
    expect(JSON.parse(res.body).clientAddress).toBe("10.0.0.1");
  });

  it("TRUST_PROXY hops: the entry the farthest trusted proxy added, never one the client wrote (issue 27 item 6)", async () => {
    Object.assign(env, { trustProxy: true, trustProxyHops: 2 });
    try {
      // client wrote 198.51.100.1; proxy 1 appended the client's 203.0.113.7; proxy 2 appended proxy 1's 10.0.0.1.
      const two = await call({ "x-forwarded-for": "198.51.100.1, 203.0.113.7, 10.0.0.1" });
      expect(JSON.parse(two.body).clientAddress).toBe("203.0.113.7");
      // A request that passed fewer proxies than configured: the left-most entry, else the socket.
      const short = await call({ "x-forwarded-for": "203.0.113.9" });
      expect(JSON.parse(short.body).clientAddress).toBe("203.0.113.9");
      const none = await call({});
      expect(JSON.parse(none.body).clientAddress).toBe("192.0.2.10");
    } finally {
      Object.assign(env, { trustProxy: false, trustProxyHops: undefined });
    }
  });
});
