// Where a V8 CPU profile's time went: `node scripts/profile-summary.mjs <file.cpuprofile> [rows]`.
// Prints the functions with the most self time, and the time per package (node_modules/<name>,
// node internals, or our own code), so a benchmark's hot spots can be read without a browser.
import fs from "node:fs"

const [file, rowsArg] = process.argv.slice(2)
if (!file) {
  console.error("usage: node scripts/profile-summary.mjs <file.cpuprofile> [rows]")
  process.exit(2)
}
const profile = JSON.parse(fs.readFileSync(file, "utf8"))
const rows = Number(rowsArg || 25)
const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const self = new Map()
// Each sample is the node that was on the CPU; time deltas say for how long.
profile.samples.forEach((id, index) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)))
const total = [...self.values()].reduce((a, b) => a + b, 0)

const where = (url) => {
  if (!url) return "(native)"
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return pkg[1]
  if (url.startsWith("node:")) return "node"
  return "(ours)"
}
const functions = new Map()
const packages = new Map()
for (const [id, micros] of self) {
  const { callFrame } = byId.get(id)
  const name = `${callFrame.functionName || "(anonymous)"}  ${callFrame.url.split("/").slice(-2).join("/")}:${callFrame.lineNumber + 1}`
  functions.set(name, (functions.get(name) ?? 0) + micros)
  const pkg = callFrame.url ? where(callFrame.url) : callFrame.functionName
  packages.set(pkg, (packages.get(pkg) ?? 0) + micros)
}
const show = (title, map, n) => {
  console.log(`\n${title}`)
  for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) {
    console.log(`  ${((micros / total) * 100).toFixed(1).padStart(5)} %  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${name}`)
  }
}
console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled`)
show("by package", packages, 15)
show("by function (self time)", functions, rows)
