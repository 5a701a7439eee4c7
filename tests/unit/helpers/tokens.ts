/** An unsigned JWT-shaped token (the front end only decodes; the platform verifies). */
export function fakeToken(payload: Record<string, unknown>): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${b64({ alg: "HS256", typ: "JWT" })}.${b64(payload)}.signature`;
}

const now = () => Math.floor(Date.now() / 1000);

export function liveToken(id = 7, name = "Asha Devi", roles: string[] = ["ROLE_USER"]): string {
  return fakeToken({ id, name, roles, exp: now() + 3600 });
}

export function expiredToken(id = 7, name = "Asha Devi"): string {
  return fakeToken({ id, name, roles: ["ROLE_USER"], exp: now() - 60 });
}

export function clearCookies(): void {
  for (const c of document.cookie.split(";")) {
    const name = c.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
}
