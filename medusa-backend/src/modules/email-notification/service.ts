/**
 * Email notifications: SMTP when `smtpUrl` is configured (SMTP_URL), otherwise
 * an outbox folder in development: each email is written there as JSON and one
 * line (recipient, subject) is logged, so developers can read what customers
 * would receive. Bodies are never logged.
 */
import fs from "node:fs"
import path from "node:path"

import type { Logger, ProviderSendNotificationDTO, ProviderSendNotificationResultsDTO } from "@medusajs/framework/types"
import { AbstractNotificationProviderService, MedusaError } from "@medusajs/framework/utils"
import nodemailer, { type Transporter } from "nodemailer"

import { MissingSettingError } from "../../lib/deployment-settings"

export type EmailNotificationOptions = {
  /** e.g. smtp://user:pass@smtp.example.com:587 */
  smtpUrl?: string
  from?: string
  /** Where development emails are written when there is no SMTP. */
  outboxDir?: string
  /** Development placeholders are allowed (`placeholders` of src/lib/config.ts): the outbox may stand in for SMTP. */
  placeholders?: boolean
}

export class EmailNotificationProvider extends AbstractNotificationProviderService {
  static identifier = "email"
  protected readonly logger_: Logger
  protected readonly options_: EmailNotificationOptions
  protected readonly transport_?: Transporter

  /** Production sends real emails (payment instructions): no SMTP, no start. */
  static validateOptions(options: EmailNotificationOptions = {}) {
    if (!options.placeholders && !options.smtpUrl?.trim()) {
      throw new MissingSettingError(["SMTP_URL"], "the mail server that sends order confirmations")
    }
  }

  constructor({ logger }: { logger: Logger }, options: EmailNotificationOptions = {}) {
    super()
    this.logger_ = logger
    this.options_ = options
    if (options.smtpUrl) this.transport_ = nodemailer.createTransport(options.smtpUrl)
  }

  async send(notification: ProviderSendNotificationDTO): Promise<ProviderSendNotificationResultsDTO> {
    const subject = notification.content?.subject
    const text = notification.content?.text
    if (!notification.to || !subject || !text) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "An email needs a recipient, a subject and a text body")
    }
    const from = notification.from || this.options_.from || "Harbor Health Pharmacy <no-reply@harborhealth.example>"
    // Where the customer's reply goes (the support address, issue 23); the sender stays a no-reply address.
    const replyTo = typeof notification.provider_data?.reply_to === "string" ? notification.provider_data.reply_to : undefined

    if (this.transport_) {
      const info = await this.transport_.sendMail({ from, replyTo, to: notification.to, subject, text, html: notification.content?.html })
      return { id: info.messageId }
    }

    const outbox = this.options_.outboxDir ?? path.join(process.cwd(), "outbox")
    // Written beside the folder, then moved in: whoever reads the outbox (the tests, the bench) never
    // sees half an email.
    const partial = `${outbox}.partial`
    fs.mkdirSync(outbox, { recursive: true })
    fs.mkdirSync(partial, { recursive: true })
    const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
    fs.writeFileSync(
      path.join(partial, `${id}.json`),
      JSON.stringify(
        {
          id,
          template: notification.template,
          from,
          reply_to: replyTo,
          to: notification.to,
          subject,
          text,
          html: notification.content?.html,
        },
        null,
        2
      )
    )
    fs.renameSync(path.join(partial, `${id}.json`), path.join(outbox, `${id}.json`))
    this.logger_.info(`Email to ${notification.to}: "${subject}" (written to ${path.join(outbox, `${id}.json`)})`)
    return { id }
  }
}
