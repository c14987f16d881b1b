import { Link, useLocation } from "@remix-run/react"
import { useEffect, useRef } from "react"

import { dismissNotice, useNotices } from "~/lib/notices"

const VISIBLE_MS = 8000

/**
 * The live region for notices (components call `showNotice`). It is always in
 * the page, empty until a message arrives, so screen readers announce it.
 */
export function Notices() {
  const notices = useNotices()
  const latest = notices[notices.length - 1]
  const { pathname } = useLocation()
  // A notice belongs to the page it was shown on.
  const shownOn = useRef(pathname)
  useEffect(() => {
    if (shownOn.current !== pathname) notices.forEach((notice) => dismissNotice(notice.id))
    shownOn.current = pathname
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new page clears them
  }, [pathname])
  useEffect(() => {
    if (!latest) return
    const timer = window.setTimeout(() => dismissNotice(latest.id), VISIBLE_MS)
    return () => window.clearTimeout(timer)
  }, [latest])
  return (
    <div role="status" aria-live="polite" className="notices">
      {notices.map((notice) => (
        <div key={notice.id} className="notice">
          <p data-testid="notice">
            {notice.text}
            {notice.link ? (
              <>
                {" "}
                <Link to={notice.link.to}>{notice.link.label}</Link>
              </>
            ) : null}
          </p>
          <button type="button" onClick={() => dismissNotice(notice.id)} aria-label="Dismiss message">
            <svg aria-hidden="true" viewBox="0 0 20 20">
              <path d="M5 5l10 10M15 5L5 15" />
            </svg>
          </button>
        </div>
      ))}
    </div>
  )
}
