import type { CreateNotificationDTO } from "@medusajs/framework/types"
import { Modules, NotificationStatus } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

/**
 * Sends each notification unless one for the same resource and template already succeeded.
 * Every try gets its own idempotency key (`<key>`, `<key>:retry-1`, ...): Medusa's notification
 * module retries a *failed* key itself but then fails to record the result (it updates a row it
 * never created), so the event bus would retry again and send the email twice. A unique key
 * per try keeps each try on the module's normal path, and the unique index on the key refuses
 * a concurrent duplicate delivery.
 */
export const sendNotificationOnceStep = createStep(
  "send-notification-once",
  async (notifications: (CreateNotificationDTO & { idempotency_key: string; resource_id: string; template: string })[], { container }) => {
    const service = container.resolve(Modules.NOTIFICATION)
    const sent: string[] = []
    for (const notification of notifications) {
      const tries = await service.listNotifications(
        { resource_id: notification.resource_id, template: notification.template },
        { select: ["id", "status", "idempotency_key"] }
      )
      if (tries.some((t) => t.status === NotificationStatus.SUCCESS)) continue
      const key = tries.length ? `${notification.idempotency_key}:retry-${tries.length}` : notification.idempotency_key
      const [created] = await service.createNotifications([{ ...notification, idempotency_key: key }])
      sent.push(created.id)
    }
    return new StepResponse(sent)
  }
)
