/**
 * Staff sign-in for the browser tests (decision 0044): the login form with its code step when
 * the account has two-step sign-in, enrolling an authenticator app through the staff area's
 * Security page (as a staff member does, with codes computed from the secret the page shows),
 * and new staff members made through Medusa's invitation flow.
 */
import type { APIRequestContext, Page } from "@playwright/test"

import { totp } from "../support/totp"
import { expect } from "./fixtures"

export type StaffCredentials = { username: string; password: string }

/** The seeded admin (`npm start`'s and the tests' staff account): signs in with a password, no two-step code. */
export const SEEDED_ADMIN: StaffCredentials = { username: "admin@example.com", password: "harbor-health-dev" }

/** The login form; with `totpSecret`, the code step too, with the app's current code. */
export async function signInToStaffArea(page: Page, credentials: StaffCredentials, totpSecret?: string) {
  await page.goto("/admin")
  await page.getByLabel("Username").fill(credentials.username)
  await page.getByLabel("Password").fill(credentials.password)
  await page.getByRole("button", { name: "Login" }).click()
  if (!totpSecret) return
  await expect(page.getByLabel("Authentication code")).toBeVisible()
  await page.getByLabel("Authentication code").fill(totp(totpSecret))
  await page.getByRole("button", { name: "Verify" }).click()
}

/** Turns on two-step sign-in on the Security page for the signed-in staff member; answers the secret shown. */
export async function enrolTwoStepInStaffArea(page: Page): Promise<string> {
  await page.goto("/admin/security")
  await page.getByRole("button", { name: "Set up two-step sign-in" }).click()
  const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s+/g, "")
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await page.getByLabel("Code from the app").fill(totp(secret))
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Two-step sign-in is on." })).toBeVisible()
  return secret
}

/**
 * A new staff member, as Medusa Admin makes one: an invite (by an admin without two-step
 * sign-in), the invited email registered, the invite accepted. Answers their user id and the
 * admin's Medusa token (to remove them afterwards).
 */
export async function inviteStaffMember(request: APIRequestContext, backendUrl: string, admin: StaffCredentials, member: StaffCredentials) {
  const signedIn = await request.post(`${backendUrl}/auth/user/emailpass`, { data: { email: admin.username, password: admin.password } })
  const adminToken = (await signedIn.json()).token as string
  const invite = await request.post(`${backendUrl}/admin/invites`, {
    data: { email: member.username },
    headers: { authorization: `Bearer ${adminToken}` },
  })
  expect(invite.ok()).toBe(true)
  const registered = await request.post(`${backendUrl}/auth/user/emailpass/register`, {
    data: { email: member.username, password: member.password },
  })
  expect(registered.ok(), await registered.text()).toBe(true)
  const accepted = await request.post(
    `${backendUrl}/admin/invites/accept?token=${encodeURIComponent((await invite.json()).invite.token)}`,
    {
      data: { first_name: "Temp", last_name: "Staff" },
      headers: { authorization: `Bearer ${(await registered.json()).token}` },
    }
  )
  expect(accepted.ok()).toBe(true)
  return { userId: (await accepted.json()).user.id as string, adminToken }
}
