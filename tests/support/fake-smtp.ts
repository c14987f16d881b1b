/**
 * A mail server for the tests, speaking just enough SMTP for nodemailer. It refuses the first
 * `failFirst` messages with a temporary error (451), and every message while `setDown(true)`, as
 * a mail server that is down would; otherwise it accepts and keeps each message, with its
 * headers and its plain-text and HTML parts decoded.
 */
import net from "node:net"

export type ReceivedMail = { to: string[]; subject: string; replyTo: string; text: string; html: string; body: string }

/** Quoted-printable (RFC 2045) to text. */
const decodeQuotedPrintable = (value: string) =>
  Buffer.from(
    value.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1"
  ).toString("utf8")

/** A part's headers (unfolded, lower-cased names) and decoded content. */
function parsePart(raw: string) {
  const split = raw.indexOf("\r\n\r\n")
  const head = split < 0 ? raw : raw.slice(0, split)
  const content = split < 0 ? "" : raw.slice(split + 4)
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":")
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "").toLowerCase()
  const decoded =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(content)
      : encoding === "base64"
        ? Buffer.from(content.replace(/\s+/g, ""), "base64").toString("utf8")
        : content
  return { headers, content, decoded }
}

/** A message's headers, and its text/plain and text/html parts (one level of multipart, as nodemailer writes). */
function parseMail(message: string, to: string[]): ReceivedMail {
  const unstuffed = message.replace(/\r\n\.\./g, "\r\n.")
  const top = parsePart(unstuffed)
  const type = top.headers.get("content-type") ?? "text/plain"
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  const parts = boundary
    ? top.content
        .split(`--${boundary}`)
        .slice(1)
        .filter((part) => !part.startsWith("--"))
        .map((part) => parsePart(part.replace(/^\r\n/, "")))
    : [top]
  const partOf = (mime: string) => parts.find((part) => (part.headers.get("content-type") ?? "text/plain").startsWith(mime))
  return {
    to,
    subject: top.headers.get("subject") ?? "",
    replyTo: top.headers.get("reply-to") ?? "",
    text: partOf("text/plain")?.decoded ?? "",
    html: partOf("text/html")?.decoded ?? "",
    body: unstuffed,
  }
}

export async function startFakeSmtp({ failFirst = 0 } = {}) {
  const received: ReceivedMail[] = []
  let refused = 0
  let down = false
  const server = net.createServer((socket) => {
    let buffer = ""
    let inData = false
    let to: string[] = []
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply("220 fake-smtp ready")
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8")
      while (true) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n")
          if (end < 0) return
          const message = buffer.slice(0, end)
          buffer = buffer.slice(end + 5)
          inData = false
          received.push(parseMail(message, to))
          reply("250 2.0.0 accepted")
          continue
        }
        const newline = buffer.indexOf("\r\n")
        if (newline < 0) return
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + 2)
        const command = line.slice(0, 4).toUpperCase()
        if (command === "EHLO" || command === "HELO") reply("250 fake-smtp")
        else if (command === "MAIL") {
          if (down || refused < failFirst) {
            refused += 1
            reply("451 4.3.0 mail server temporarily unavailable")
          } else {
            to = []
            reply("250 2.1.0 ok")
          }
        } else if (command === "RCPT") {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? "")
          reply("250 2.1.5 ok")
        } else if (command === "DATA") {
          inData = true
          reply("354 end with <CRLF>.<CRLF>")
        } else if (command === "QUIT") {
          reply("221 bye")
          socket.end()
        } else if (command === "RSET" || command === "NOOP") reply("250 ok")
        else reply("502 5.5.2 not implemented")
      }
    })
    socket.on("error", () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()))
  const port = (server.address() as net.AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refusedCount: () => refused,
    /** While down, every message is refused with 451. */
    setDown: (value: boolean) => {
      down = value
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
