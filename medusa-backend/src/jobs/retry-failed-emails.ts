import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import {
  emailDeliveries,
  listEmailTries,
  ordersWithUnsentEmails,
  RETRY_FOR_MS,
  STALE_PENDING_MS,
} from "../workflows/order-email/utils/email-deliveries"
import { sendOrderEmailWorkflow } from "../workflows/order-email/workflows/send-order-email"

/**
 * Every 5 minutes: sends again the customer emails whose last try failed (the mail server was
 * down, refused, timed out), each when its backoff is over (workflows/order-email/utils/
 * email-deliveries.ts: 5 minutes, doubling, at most 4 hours apart, for 24 hours; then it is
 * given up and staff see it failed on the order). Each retry builds the email again from the
 * order as it stands, through the same once-only send: a retry that another server or an event
 * already sent sends nothing. Runs in the worker.
 */
export default async function retryFailedEmailsJob(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const result = await retryDueEmails(container)
  if (result.retried.length || result.failed.length) {
    logger.info(`Customer emails: ${result.retried.length} sent again, ${result.failed.length} still failing.`)
  }
}

export async function retryDueEmails(container: MedusaContainer, now: Date = new Date()) {
  // The orders with a failed (or dead) try inside the retry window; then every try of those orders.
  const orderIds = await ordersWithUnsentEmails(container, new Date(now.getTime() - RETRY_FOR_MS - STALE_PENDING_MS))
  const retried: string[] = []
  const failed: string[] = []
  for (const email of emailDeliveries(await listEmailTries(container, orderIds), now)) {
    if (email.status !== "retrying" || !email.retry_at || email.retry_at > now) continue
    try {
      await sendOrderEmailWorkflow(container).run({ input: { kind: email.kind, order_id: email.order_id, ref: email.ref } })
      retried.push(email.key)
    } catch {
      failed.push(email.key) // recorded as another failed try: the next run waits longer
    }
  }
  return { retried, failed }
}

export const config = { name: "retry-failed-emails", schedule: "*/5 * * * *" }
