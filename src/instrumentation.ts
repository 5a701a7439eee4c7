/**
 * Boots the platform back end when the Next server starts, so a bad configuration, a busy data folder
 * or an unreachable database stops the server at once with a readable message. Lives in src/ because
 * Next looks for instrumentation next to the pages directory (src/pages here).
 */
export async function register(): Promise<void> {
  // `next build` loads this file too; the database must not be opened then.
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { bootPlatformOrExit } = await import("./server/app/boot");
    await bootPlatformOrExit();
  }
}
