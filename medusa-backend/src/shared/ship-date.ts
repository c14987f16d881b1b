/**
 * The expected ship date (issue 25, decision 0059), one pure function for the checkout, the order
 * confirmation and the emails. The spec's rule: an order ships the same day if it is received by
 * 1 pm Eastern (America/New_York, EST or EDT as the date has it) on a business day, Monday to
 * Friday; weekends are not counted. Then each option's own days (src/shared/shipping-options.ts):
 * handling days (business days before it ships), and for an option that may not be in transit over a
 * weekend (cold chain), the first business day from which the whole transit falls on weekdays.
 * US federal holidays are not counted as closed days (not yet: decision 0059).
 */
import type { ShippingChoice } from "./shipping-options"

export const SHIP_TIME_ZONE = "America/New_York"
/** Orders received before this hour (Eastern) on a business day ship that day. */
export const SHIP_CUTOFF_HOUR = 13

type ShipTiming = Pick<ShippingChoice, "handlingDays" | "transitDays" | "avoidWeekendTransit">

const zoneParts = new Intl.DateTimeFormat("en-US", {
  timeZone: SHIP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  hourCycle: "h23",
})

/** The calendar date (as midnight UTC) and the hour at `at` in New York. */
function easternDateAndHour(at: Date): { date: Date; hour: number } {
  const parts = Object.fromEntries(zoneParts.formatToParts(at).map((part) => [part.type, part.value]))
  return { date: new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day))), hour: Number(parts.hour) }
}

const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000)
const isWeekend = (date: Date) => date.getUTCDay() === 0 || date.getUTCDay() === 6
const nextBusinessDay = (date: Date) => {
  let next = addDays(date, 1)
  while (isWeekend(next)) next = addDays(next, 1)
  return next
}
/** Whether a parcel shipped on `date` is on the road on a Saturday or Sunday before it arrives. */
const transitSpansWeekend = (date: Date, transitDays: number) =>
  Array.from({ length: transitDays }, (_, i) => addDays(date, i + 1)).some(isWeekend)

/** The date (YYYY-MM-DD, Eastern) an order received at `at` is expected to ship with this option. */
export function expectedShipDate(at: Date, timing: ShipTiming): string {
  const { date, hour } = easternDateAndHour(at)
  let day = !isWeekend(date) && hour < SHIP_CUTOFF_HOUR ? date : nextBusinessDay(date)
  for (let i = 0; i < timing.handlingDays; i++) day = nextBusinessDay(day)
  // A transit of 5 days or more always spans a weekend: then there is no such day, and the first one is kept.
  if (timing.avoidWeekendTransit && timing.transitDays < 5) {
    while (transitSpansWeekend(day, timing.transitDays)) day = nextBusinessDay(day)
  }
  return day.toISOString().slice(0, 10)
}

/** "Wednesday, March 11" (and the year when it is not the current one of `now`): how the pages and emails write the date. */
export function formatShipDate(isoDate: string, now: Date = new Date()): string {
  const date = new Date(`${isoDate}T12:00:00Z`)
  const sameYear = date.getUTCFullYear() === easternDateAndHour(now).date.getUTCFullYear()
  return date.toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "long",
    month: "long",
    day: "numeric",
    ...(sameYear ? {} : { year: "numeric" }),
  })
}
