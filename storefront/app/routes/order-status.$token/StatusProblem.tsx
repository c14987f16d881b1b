import { Link, useLocation } from "@remix-run/react"
import { ORDER_STATUS_NOT_FOUND_MESSAGE } from "@shared/dto/order-status"

import { FIND_MY_ORDER_PATH, STATUS_UNAVAILABLE, tooManyTries } from "~/modules/orders/order-status"

/** Why the page shows no order, as the loader threw it: the link opens nothing (404), too many reads (429), or no answer (503). */
export type StatusProblemData = { problem: "not_found" } | { problem: "too_many"; retryAfter: number | null } | { problem: "unavailable" }

/**
 * The page when the link shows no order. A link that opens nothing says only that, the same for
 * every such link, and names no order (decision 0050); the way on is "Find my order".
 */
export function StatusProblem({ problem }: { problem: StatusProblemData }) {
  const { pathname } = useLocation()
  const title =
    problem.problem === "not_found"
      ? "This link is not valid or has expired"
      : problem.problem === "too_many"
        ? "Too many tries"
        : "We can't show this order right now"
  const message =
    problem.problem === "not_found"
      ? ORDER_STATUS_NOT_FOUND_MESSAGE
      : problem.problem === "too_many"
        ? tooManyTries(problem.retryAfter)
        : STATUS_UNAVAILABLE
  return (
    <section className="container-page py-16 text-center sm:py-24" data-testid="order-status-problem">
      <h1 className="page-title">{title}</h1>
      <p className="mx-auto mt-4 max-w-xl text-slate-700" role={problem.problem === "not_found" ? undefined : "alert"}>
        {message}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {problem.problem === "not_found" ? (
          <Link to={FIND_MY_ORDER_PATH} className="btn-primary" data-testid="find-my-order-link">
            Find my order
          </Link>
        ) : (
          <a href={pathname} className="btn-primary">
            Try again
          </a>
        )}
        <Link to="/" className="btn-secondary">
          Go home
        </Link>
      </div>
    </section>
  )
}
