/**
 * Staff pages show times in US Eastern time, formatted on the server so the
 * page reads the same in every browser (no hydration differences).
 */
const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "America/New_York" })

export function formatStaffDateTime(value: string | Date | null | undefined): string | null {
  if (!value) return null
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return null
  return `${dateTime.format(date).replace(/\u202f/g, " ")} ET`
}
