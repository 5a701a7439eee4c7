import type { NextRouter } from "next/router";
import { isAbsoluteUrl } from "@/components/ui/app-link";

/**
 * Opens a group's home after creating or saving it: a path in this site (client-side, in the current
 * language; the server renders the chrome with the fresh group list), or its own domain (a full load).
 */
export async function goToGroup(router: NextRouter, webAddress: string): Promise<void> {
  if (isAbsoluteUrl(webAddress)) {
    const locale = router.locale && router.locale !== router.defaultLocale ? `/${router.locale}` : "";
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- an absolute URL on another host (the group's own domain)
    window.location.assign(`${webAddress.replace(/\/$/, "")}${locale}`);
    return;
  }
  await router.push(webAddress);
}
