/** A date as the `/api` answers carry it (ISO 8601), whether Medusa handed a Date or a string: what `res.json` writes for a Date. */
export const isoDate = (value: Date | string): string => new Date(value).toISOString()
