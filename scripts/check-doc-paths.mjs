// Every file a decision record or the README names in backticks must exist (issue 22: decisions
// current). A name matches a tracked file whose path ends with it, so `lib/catalog.ts`,
// `medusa-backend/src/lib/catalog.ts` and `catalog.ts` all count. Generated files, globs, other
// packages' files, files outside the repository and superseded records are not checked.
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"

const ROOT = path.resolve(import.meta.dirname, "..")
const tracked = execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" }).split("\n").filter(Boolean)
const docs = ["README.md", ...fs.readdirSync(path.join(ROOT, "docs/decisions")).map((f) => `docs/decisions/${f}`)]
const mention = /`([^`\s]+\.(?:ts|tsx|mjs|js|json|yml|yaml|sql))`/g
const notChecked = (name) => /[*{}<>]|^@|^\.\.\/|node_modules|^\.data\/|^\.medusa\/|^build\//.test(name) || name.startsWith("~")

const exists = (name) => {
  const wanted = name.replace(/^\.\//, "")
  return tracked.some((file) => file === wanted || file.endsWith(`/${wanted}`))
}

const missing = []
for (const doc of docs) {
  const text = fs.readFileSync(path.join(ROOT, doc), "utf8")
  // A superseded record describes the code of its time.
  if (/^Superseded by /m.test(text.split("\n## ")[0])) continue
  // A record may name what it removed or what an older record said: "removed", "replaced", "no longer" or "superseded" on the same line.
  for (const [lineNo, line] of text.split("\n").entries()) {
    if (/\b(removed|replaced|no longer|superseded)\b/i.test(line)) continue
    for (const match of line.matchAll(mention)) {
      if (!notChecked(match[1]) && !exists(match[1])) missing.push(`${doc}:${lineNo + 1}: ${match[1]}`)
    }
  }
}
if (missing.length) {
  console.error(`Files named in the docs that do not exist (amend the record, or say it was removed):\n${missing.join("\n")}`)
  process.exit(1)
}
