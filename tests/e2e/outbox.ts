/**
 * The customer's emails as the backend writes them in the browser tests: its development outbox
 * (`E2E_OUTBOX_DIR`, one JSON file per email) stands where an SMTP server would be called.
 */
import fs from "node:fs"
import path from "node:path"

import { expect } from "./fixtures"

export type Email = { template: string; to: string; subject: string; text: string }

/** The customer's email of this kind (a notification template, e.g. "order-shipped"), once the backend has written it. */
export async function emailTo(to: string, template: string, timeout = 45_000): Promise<Email> {
  const outbox = process.env.E2E_OUTBOX_DIR!
  let found: Email | undefined
  await expect
    .poll(
      () => {
        const emails: Email[] = fs.existsSync(outbox)
          ? fs.readdirSync(outbox).map((file) => JSON.parse(fs.readFileSync(path.join(outbox, file), "utf8")))
          : []
        found = emails.find((email) => email.to === to && email.template === template)
        return !!found
      },
      { message: `a "${template}" email to ${to}`, timeout }
    )
    .toBe(true)
  return found!
}

/** The status link an email carries, as a path on the storefront. */
export function statusPathOf(email: Email) {
  const link = /https?:\/\/\S+\/order-status\/\S+/.exec(email.text)?.[0]
  expect(link, "the email's status link").toBeTruthy()
  return new URL(link!).pathname
}
