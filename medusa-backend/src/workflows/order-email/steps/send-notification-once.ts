import type { CreateNotificationDTO } from "@medusajs/framework/types"
import { Modules, NotificationStatus } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { listEmailTries } from "../utils/email-deliveries"
import { firstTryKey } from "../utils/email-kinds"

/**
 * Sends each notification unless a try with the same first-try key (`idempotency_key`) already
 * succeeded. Every try gets its own key (`<key>`, `<key>:retry-1`, ...) and points at the first
 * (`original_notification_id`): Medusa's notification module retries a *failed* key itself but
 * then fails to record the result (it updates a row it never created), so reusing a key would
 * send the email twice. A new key per try keeps each try on the module's normal path, and the
 * unique index on the key refuses a concurrent duplicate (a second server, a redelivered event).
 * A failed try is recorded by the module and thrown: the event bus delivers the event again
 * (with Redis, within seconds), and the retry job (src/jobs/retry-failed-emails.ts) keeps trying
 * for a day.
 */
export const sendNotificationOnceStep = createStep(
  "send-notification-once",
  async (notifications: (CreateNotificationDTO & { idempotency_key: string; resource_id: string })[], { container }) => {
    const service = container.resolve(Modules.NOTIFICATION)
    const sent: string[] = []
    for (const notification of notifications) {
      const key = notification.idempotency_key
      const tries = (await listEmailTries(container, [notification.resource_id]))
        .filter((row) => row.idempotency_key && firstTryKey(row.idempotency_key) === key)
        .sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())
      if (tries.some((t) => t.status === NotificationStatus.SUCCESS)) continue
      const [created] = await service.createNotifications([
        {
          ...notification,
          idempotency_key: tries.length ? `${key}:retry-${tries.length}` : key,
          original_notification_id: tries[0]?.id,
        },
      ])
      if (created) sent.push(created.id)
    }
    return new StepResponse(sent)
  }
)
