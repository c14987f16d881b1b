import { Link } from "@remix-run/react"
import { ORDER_QUEUES, type OrderQueue } from "@shared/schemas/order-queues"

import { QUEUE_WORDS, queueHref } from "./queues"

/**
 * One link per queue this staff member may see (the backend counts only those), with its count;
 * the current one is `aria-current="page"`. The search carries over to the other queues.
 */
export function QueueTabs({ current, counts, q }: { current: OrderQueue; counts: Partial<Record<OrderQueue, number>>; q: string }) {
  const tab = (active: boolean) =>
    `flex items-center gap-2 whitespace-nowrap rounded-t-lg border-b-2 px-3 py-2 text-sm font-semibold ${active ? "border-brand-700 text-brand-800" : "border-transparent text-slate-600 hover:text-ink"}`
  return (
    <nav aria-label="Order queues" className="mt-4 overflow-x-auto border-b border-slate-200">
      <ul className="flex gap-1 sm:flex-wrap">
        {ORDER_QUEUES.filter((queue) => counts[queue] !== undefined || queue === current).map((queue) => (
          <li key={queue}>
            <Link
              to={queueHref({ queue, q })}
              className={tab(queue === current)}
              aria-current={queue === current ? "page" : undefined}
              data-testid={`queue-${queue}`}
            >
              {QUEUE_WORDS[queue].label}
              {counts[queue] !== undefined ? (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                  {counts[queue]}
                  <span className="sr-only">{counts[queue] === 1 ? " order" : " orders"}</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
