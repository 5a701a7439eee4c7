/** Host name without port: a group's own domain matches whatever port the portal is served on. */
export function hostnameOf(address: string): string | null {
  try {
    return new URL(address).hostname.toLowerCase();
  } catch {
    return null;
  }
}
