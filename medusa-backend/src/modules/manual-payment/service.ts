/**
 * Manual payment providers: Zelle, Cash App, Apple Pay and Chime. The customer
 * pays outside the store with the instructions we send; staff capture the
 * payment in Medusa Admin when it arrives. One implementation, one registered
 * provider per method (provider ids `pp_<method>_manual`).
 */
import crypto from "node:crypto"

import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { AbstractPaymentProvider, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"

import { MissingSettingError } from "../../lib/deployment-settings"
import { paymentLabel } from "../../shared/payment-methods"
import { type PaymentMethod, STORE } from "../../shared/store-constants"
import { DEFAULT_ACCOUNTS, type ManualPaymentOptions, type PaymentAccount } from "./instructions"

abstract class ManualPaymentProvider extends AbstractPaymentProvider<ManualPaymentOptions> {
  static method: PaymentMethod
  protected readonly account: PaymentAccount

  /** Production needs a real pay-to handle for every method (medusa-config.ts: PAYMENT_<METHOD>_PAY_TO). */
  static validateOptions(options: ManualPaymentOptions = {}) {
    if (options.placeholders) return
    const missing = (Object.keys(DEFAULT_ACCOUNTS) as PaymentMethod[])
      .filter((method) => !options.accounts?.[method]?.payTo?.trim())
      .map((method) => `PAYMENT_${method.toUpperCase()}_PAY_TO`)
    if (missing.length) throw new MissingSettingError(missing, "where customers send money for each manual payment method")
  }

  constructor(cradle: Record<string, unknown>, options: ManualPaymentOptions = {}) {
    super(cradle, options)
    const method = (this.constructor as typeof ManualPaymentProvider).method
    this.account = options.accounts?.[method] ?? DEFAULT_ACCOUNTS[method]
  }

  async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const method = (this.constructor as typeof ManualPaymentProvider).method
    return {
      id: crypto.randomUUID(),
      data: { ...(input.data ?? {}), method, pay_to: this.account.payTo, label: paymentLabel(method) },
    }
  }

  // Nothing to verify up front: the money arrives later, outside the store.
  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    return { data: input.data ?? {}, status: PaymentSessionStatus.AUTHORIZED }
  }

  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    return { data: { ...(input.data ?? {}), captured_at: new Date().toISOString() } }
  }

  async getPaymentStatus(_input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    return { status: PaymentSessionStatus.AUTHORIZED }
  }

  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    return { data: input.data ?? {} }
  }

  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    return { data: input.data ?? {} }
  }

  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    return { data: input.data ?? {} }
  }

  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    return { data: input.data ?? {} }
  }

  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    return { data: input.data ?? {} }
  }

  async getWebhookActionAndData(_payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    return { action: PaymentActions.NOT_SUPPORTED }
  }
}

/** One registered provider per method, `pp_<method>_manual` (the order of the spec's payment methods). */
export const manualPaymentProviders = STORE.paymentMethods.map(
  (method) =>
    class extends ManualPaymentProvider {
      static identifier = method
      static method: PaymentMethod = method
    }
)
