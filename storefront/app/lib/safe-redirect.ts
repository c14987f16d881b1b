/**
 * A path on this site to go back to after a form, or the fallback: never
 * another origin ("//evil.example", "https://...", "/\\evil"), never a loop
 * back to the form itself.
 */
export function safeRedirect(target: unknown, fallback: string, exclude: string[] = []): string {
  if (typeof target !== "string" || target.length > 2000) return fallback
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback
  // Control characters (below U+0020) and backslashes.
  if ([...target].some((char) => char < " " || char === "\\")) return fallback
  const path = target.split(/[?#]/)[0]
  if (exclude.includes(path)) return fallback
  return target
}
