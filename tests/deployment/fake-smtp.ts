/**
 * A mail server for the deployment test, speaking just enough SMTP for nodemailer. It refuses
 * the first `failFirst` messages with a temporary error (451), as a mail server that is down
 * would, then accepts and keeps every message.
 */
import net from "node:net"

export type ReceivedMail = { to: string[]; subject: string; body: string }

export async function startFakeSmtp({ failFirst = 0 } = {}) {
  const received: ReceivedMail[] = []
  let refused = 0
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
          const subject = /^Subject: (.*)$/im.exec(message)?.[1]?.trim() ?? ""
          received.push({ to, subject, body: message })
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
          if (refused < failFirst) {
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
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
