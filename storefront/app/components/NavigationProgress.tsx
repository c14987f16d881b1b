import { useNavigation } from "@remix-run/react"

/** A thin bar at the top while the next page loads (all pages' loading state). */
export function NavigationProgress() {
  const navigation = useNavigation()
  const busy = navigation.state !== "idle"
  return (
    <div aria-hidden={!busy} className="nav-progress-bar">
      <div className={busy ? "nav-progress is-busy" : "nav-progress"} />
      {busy ? (
        <span className="sr-only" role="status">
          Loading...
        </span>
      ) : null}
    </div>
  )
}
