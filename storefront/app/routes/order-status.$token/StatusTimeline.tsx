import type { OrderStatusStep } from "@shared/dto/order-status"

import { orderDateText } from "~/modules/orders/order-status"

/**
 * Where the order stands, step by step (placed → paid → prescription reviewed → shipped →
 * delivered, or ending in canceled): an ordered list, each step saying in words whether it is
 * done and when; the last step done is the current one (`aria-current="step"`).
 */
export function StatusTimeline({ steps }: { steps: OrderStatusStep[] }) {
  const current = steps.reduce((last, step, index) => (step.done ? index : last), -1)
  return (
    <ol className="mt-4 space-y-0" aria-label="Order progress" data-testid="status-timeline">
      {steps.map((step, index) => {
        const canceled = step.kind === "canceled"
        const date = orderDateText(step.done_at)
        return (
          <li
            key={`${step.kind}-${index}`}
            className="relative flex gap-3 pb-5 last:pb-0"
            aria-current={index === current ? "step" : undefined}
            data-testid="status-step"
            data-step={step.kind}
            data-done={step.done ? "true" : "false"}
          >
            {index < steps.length - 1 ? (
              <span
                aria-hidden="true"
                className={`absolute left-[0.9375rem] top-8 h-[calc(100%-2rem)] w-0.5 ${steps[index + 1].done ? "bg-brand-600" : "bg-slate-200"}`}
              />
            ) : null}
            <span
              aria-hidden="true"
              className={`grid h-8 w-8 shrink-0 place-items-center rounded-full border-2 ${
                canceled
                  ? "border-red-700 bg-red-700 text-white"
                  : step.done
                    ? "border-brand-600 bg-brand-600 text-white"
                    : "border-slate-300 bg-white text-slate-400"
              }`}
            >
              <svg viewBox="0 0 24 24" className="h-4 w-4 fill-none stroke-current stroke-[3]">
                {canceled ? (
                  <path d="M6 6l12 12M18 6L6 18" />
                ) : step.done ? (
                  <path d="M5 12.5l4.5 4.5L19 7.5" />
                ) : (
                  <circle cx="12" cy="12" r="3" />
                )}
              </svg>
            </span>
            <div className="pt-1">
              <p className={`font-semibold ${step.done ? (canceled ? "text-red-800" : "text-ink") : "text-slate-600"}`}>{step.label}</p>
              <p className="text-sm text-slate-600">{step.done ? (date ? `Done on ${date}` : "Done") : "Not yet"}</p>
            </div>
          </li>
        )
      })}
    </ol>
  )
}
