/** Embeds allowed in content: YouTube (also without cookies) and Vimeo players, over https. Browser-safe (the editor uses it). */
export const EMBED_HOSTS: readonly string[] = ["www.youtube.com", "youtube.com", "www.youtube-nocookie.com", "youtube-nocookie.com", "player.vimeo.com"];

/** `src` when it is an https URL on one of EMBED_HOSTS (no credentials, no other port), else null. */
export function allowedEmbedSrc(src: unknown): string | null {
  if (typeof src !== "string") return null;
  let url: URL;
  try {
    url = new URL(src.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username !== "" || url.password !== "" || url.port !== "") return null;
  return EMBED_HOSTS.includes(url.hostname) ? url.href : null;
}
