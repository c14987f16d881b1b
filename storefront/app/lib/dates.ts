const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" })

/** "2025-08-16" → "August 16, 2025" (the same on the server and in every browser time zone). */
export const formatDate = (iso: string) => dateFormat.format(new Date(`${iso}T00:00:00Z`))
