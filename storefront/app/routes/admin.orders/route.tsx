/**
 * The staff area's orders home (issue 24): the work queues (awaiting payment, ready to ship,
 * prescription review for pharmacists, shipped, recently canceled) with their counts, one queue's
 * orders at a time, oldest first, searched by order number or email (a GET form: works without
 * JavaScript), paged. Rows carry no health data (number, date, age, status, total, email); each
 * opens the order's page, whose read is audited. `GET /api/order-queues/` answers it all.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node"
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react"
import { ORDER_QUEUE_PAGE_SIZE, ORDER_QUEUE_SEARCH_MAX, type OrderQueue } from "@shared/schemas/order-queues"

import { FormAlert, TextField } from "~/components/form-fields"
import { Pagination } from "~/components/Pagination"
import { attempt, requireAdmin } from "~/lib/data/staff/client.server"
import { getOrderQueue } from "~/lib/data/staff/orders.server"
import { buttonClass, secondaryButtonClass } from "~/modules/staff/button-styles"
import { adminMeta } from "~/modules/staff/meta"
import { NotPharmacist } from "~/modules/staff/NotPharmacist"
import { pharmacistRefusal, refusedToNonPharmacist } from "~/modules/staff/pharmacist.server"

import { queueRequestOf, type QueueRow, queueRows } from "./queue-page.server"
import { ORDERS_PATH, QUEUE_WORDS, queueHref } from "./queues"
import { QueueTable } from "./QueueTable"
import { QueueTabs } from "./QueueTabs"

export const meta: MetaFunction = () => adminMeta("Orders")

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request)
  const asked = queueRequestOf(new URL(request.url), "awaiting_payment")
  const empty = {
    counts: {} as Partial<Record<OrderQueue, number>>,
    count: 0,
    pages: 1,
    rows: [] as QueueRow[],
    refusal: null,
    error: null,
  }
  const answer = await attempt("listing an order queue", () => getOrderQueue(admin, { ...asked, limit: ORDER_QUEUE_PAGE_SIZE }))
  if (answer.ok) {
    const { counts, count, orders } = answer.value
    return admin.data({
      ...asked,
      ...empty,
      counts,
      count,
      pages: Math.max(1, Math.ceil(count / ORDER_QUEUE_PAGE_SIZE)),
      rows: queueRows(orders),
    })
  }
  if (refusedToNonPharmacist(answer.failure)) {
    // The prescription review queue is a pharmacist's: say why, and keep the other queues' links and counts.
    const others = await attempt("counting order queues", () =>
      getOrderQueue(admin, { queue: "awaiting_payment", q: "", page: 1, limit: 1 })
    )
    return admin.data({ ...asked, ...empty, counts: others.ok ? others.value.counts : {}, refusal: pharmacistRefusal(answer.failure) })
  }
  return admin.data({ ...asked, ...empty, error: "Failed to fetch the orders. Please try again." })
}

const ordersText = (count: number) => `${count} order${count === 1 ? "" : "s"}`

export default function OrderQueues() {
  const { queue, q, page, pages, count, counts, rows, refusal, error } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const loading = navigation.state === "loading" && navigation.location.pathname === ORDERS_PATH
  const words = QUEUE_WORDS[queue]
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h1 className="page-title">Orders</h1>
        <Link to="/admin/order-details" className="text-sm font-semibold text-brand-800 underline">
          Look up an order by its ID
        </Link>
      </div>
      <QueueTabs current={queue} counts={counts} q={q} />

      <Form
        method="get"
        action={ORDERS_PATH}
        role="search"
        aria-label="Search this queue"
        className="mt-4 flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <input type="hidden" name="queue" value={queue} />
        <TextField
          key={`${queue}:${q}`}
          id="queue-search"
          name="q"
          type="search"
          label="Order number or email"
          defaultValue={q}
          maxLength={ORDER_QUEUE_SEARCH_MAX}
          autoComplete="off"
          spellCheck={false}
          className="min-w-[14rem] flex-1"
        />
        <button type="submit" className={buttonClass}>
          Search
        </button>
        {q ? (
          <Link to={queueHref({ queue })} className={secondaryButtonClass}>
            Clear search
          </Link>
        ) : null}
      </Form>

      <section aria-labelledby="queue-title" aria-busy={loading || undefined} className={`mt-6 ${loading ? "opacity-60" : ""}`}>
        <h2 id="queue-title" className="text-xl font-bold">
          {words.label}
        </h2>
        <p role="status" className="mt-1 text-sm text-slate-600" data-testid="queue-summary">
          {loading ? "Loading..." : refusal || error ? "" : q ? `${ordersText(count)} matching "${q}"` : ordersText(count)}
        </p>
        {refusal ? <NotPharmacist message={refusal} /> : null}
        {error ? <FormAlert message={error} className="mt-3" /> : null}
        {!refusal && !error && rows.length === 0 ? (
          <p className="mt-3 rounded-2xl border border-dashed border-slate-300 p-8 text-center font-semibold" data-testid="queue-empty">
            {q ? `No order in this queue matches "${q}"` : words.empty}
          </p>
        ) : null}
        {rows.length > 0 ? <QueueTable queue={queue} rows={rows} /> : null}
        <div className="mt-6">
          <Pagination page={page} pages={pages} href={(n) => queueHref({ queue, q, page: n })} />
        </div>
      </section>
    </div>
  )
}
