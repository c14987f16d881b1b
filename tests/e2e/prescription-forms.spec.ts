import AxeBuilder from "@axe-core/playwright"
import type { Browser, Page } from "@playwright/test"
import pg from "pg"

import { expect as baseExpect, test } from "./fixtures"
import { consoleErrors, verifyAge } from "./helpers"

// Each submission is validated, encrypted and stored by the backend: slower on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 })
test.describe.configure({ timeout: 120_000 })

/**
 * Treatments (/buy-medication), the insulin and weight-loss forms and Apply
 * for Prescription (issue 6), against the real backend. A request counts as
 * received when the backend stored it: the test reads the number of stored
 * requests of that kind from the store's database (their content is encrypted).
 */

async function storedRequests(formType: string): Promise<number> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL })
  await client.connect()
  try {
    const { rows } = await client.query("select count(*)::int as n from prescription_request where form_type = $1", [formType])
    return rows[0].n as number
  } finally {
    await client.end()
  }
}

type Medication = {
  name: string
  email: string
  phone: string
  age: string
  medicationName: string
  allergies: string
  pharmacyInfo: string
}

const person = (label: string): Medication => ({
  name: "Grace Hopper",
  email: `${label}-${Date.now()}@example.com`,
  phone: "(212) 555-0187",
  age: "54",
  medicationName: "Lantus SoloStar",
  allergies: "Penicillin",
  pharmacyInfo: "Harbor Pharmacy, (212) 555-0100",
})

async function fillMedication(page: Page, p: Medication) {
  await page.getByLabel("Full Name").fill(p.name)
  await page.getByLabel("Email").fill(p.email)
  await page.getByLabel("Phone").fill(p.phone)
  await page.getByLabel("Age").fill(p.age)
  await page.getByLabel("Medication Name").fill(p.medicationName)
  await page.getByLabel("How long have you used it?").selectOption("More Than A Year")
  await page.getByLabel("Allergies").fill(p.allergies)
  await page.getByLabel("Pharmacy Information").fill(p.pharmacyInfo)
}

async function fillPrescription(page: Page, email: string) {
  await page.getByLabel("Full Name").fill("Katherine Johnson")
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Female").check()
  await page.getByLabel("Date of Birth").fill("1968-08-26")
  await page.getByLabel("Phone").fill("(757) 555-0123")
  await page.getByLabel("Address").fill("1 Langley Blvd")
  await page.getByLabel("State").selectOption("Virginia")
  await page.getByLabel("ZIP Code").fill("23681")
  await page.getByLabel("Past Medical Problems").fill("Type 2 diabetes since 2015")
  await page.getByLabel("Current Medications").fill("Metformin 500 mg twice a day")
  await page.getByLabel("Known Allergies").fill("None")
  await page.getByLabel("Medication Needed").fill("Semaglutide")
  await page.getByLabel("Dosage Needed").fill("0.25 mg weekly")
}

// One route module serves both pages (storefront/app/pages/medication-request-form.tsx): each
// keeps its own URL, <title> and description.
const FORMS = [
  {
    path: "/weight-loss-form",
    formType: "weight_loss",
    title: "Medical Weight Loss",
    choice: "Medical Weight Loss",
    pageTitle: "Medical Weight Loss Request | Harbor Health Pharmacy",
    description: "Request a medical weight-loss treatment. Tell us about you and our pharmacy team contacts you.",
  },
  {
    path: "/insulin-form",
    formType: "insulin",
    title: "Insulin and Diabetes Supplies",
    choice: "Insulin/Diabetes Supplies",
    pageTitle: "Insulin and Diabetes Supplies Request | Harbor Health Pharmacy",
    description: "Request insulin or diabetes supplies. Tell us what you need and our pharmacy team contacts you.",
  },
] as const

async function expectPageMeta(page: Page, form: (typeof FORMS)[number]) {
  await expect(page).toHaveTitle(form.pageTitle)
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", form.description)
}

test.beforeEach(async ({ page }) => {
  await verifyAge(page)
})

test("Treatments is step 1 of 3 and leads to the weight-loss and insulin forms (step 2 of 3)", async ({ page }) => {
  const errors = consoleErrors(page)
  for (const form of FORMS) {
    await page.goto("/buy-medication")
    await expect(page.getByTestId("step")).toHaveText("Step 1 of 3")
    await expect(page.getByRole("navigation", { name: "Progress" }).locator('[aria-current="step"]')).toHaveText("Choose your treatment")
    await page
      .getByRole("main")
      .getByRole("link", { name: new RegExp(`^${form.choice}`) })
      .click()
    await expect(page).toHaveURL(new RegExp(`${form.path}$`))
    await expect(page.getByTestId("step")).toHaveText("Step 2 of 3")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(form.title)
    await expectPageMeta(page, form)
  }
  expect(errors).toEqual([])
})

test("the form pages are behind the age gate", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  try {
    for (const path of ["/buy-medication", "/weight-loss-form", "/insulin-form", "/apply-for-prescription"]) {
      await page.goto(path)
      await expect(page).toHaveURL(`/age-check?redirectTo=${encodeURIComponent(path)}`)
    }
  } finally {
    await context.close()
  }
})

for (const form of FORMS) {
  test(`${form.path}: identical fields with their defaults; a complete request is stored and leads to /confirmation (step 3 of 3)`, async ({
    page,
  }) => {
    const errors = consoleErrors(page)
    await page.goto(form.path)
    await expect(page.getByLabel("How long have you used it?")).toHaveValue("Less Than A Year")
    await expect(page.getByRole("group", { name: "Do you have a prescription?" }).getByLabel("Yes")).toBeChecked()
    await expect(page.getByLabel(/I don't have a prescription/)).not.toBeChecked()
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email")
    await expect(page.getByLabel("Age")).toHaveAttribute("min", "1")
    for (const label of ["Full Name", "Email", "Phone", "Age"]) await expect(page.getByLabel(label)).toHaveAttribute("required", "")

    const before = await storedRequests(form.formType)
    await fillMedication(page, person(form.formType))
    await page.getByRole("group", { name: "Do you have a prescription?" }).getByLabel("No").check()
    await page.getByLabel(/I don't have a prescription/).check()
    // Hold the request a moment, so the state while sending can be seen.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(`**${form.path}.data*`, async (route) => {
      if (route.request().method() === "POST") await held
      await route.continue()
    })
    await page.getByRole("button", { name: "Submit" }).click()
    await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled()
    await expect(page.getByLabel("Full Name")).toBeDisabled()
    await expect(page.getByLabel("How long have you used it?")).toBeDisabled()
    release()

    await expect(page).toHaveURL(`/confirmation?form=${form.formType}`)
    await expect(page.getByRole("heading", { name: "Thank you! We received your request." })).toBeVisible()
    await expect(page.getByTestId("step")).toHaveText("Step 3 of 3")
    await expect(page.getByRole("heading", { name: "What happens next" })).toBeVisible()
    expect(await storedRequests(form.formType)).toBe(before + 1)
    expect(errors).toEqual([])
  })
}

test("insulin form errors: beside each field, focus on the first, cleared on edit, shown to the visitor (not only logged)", async ({
  page,
}) => {
  const errors = consoleErrors(page)
  await page.goto("/insulin-form")
  await page.getByLabel("Age").fill("0")
  await page.getByLabel("Allergies").fill("Latex")
  await page.getByRole("button", { name: "Submit" }).click()

  const name = page.getByLabel("Full Name")
  await expect(name).toBeFocused()
  await expect(name).toHaveAttribute("aria-invalid", "true")
  await expect(name).toHaveAttribute("aria-describedby", "field-name-error")
  await expect(page.locator("#field-name-error")).toHaveText("Name is required")
  await expect(page.locator("#field-email-error")).toHaveText("Email is required")
  await expect(page.locator("#field-phone-error")).toHaveText("Phone is required")
  await expect(page.locator("#field-age-error")).toHaveText("Age must be at least 1")
  await expect(page.getByTestId("form-error")).toHaveText(
    "Invalid form data: Name is required; Email is required; Phone is required; Age must be at least 1"
  )
  await expect(page.getByLabel("Allergies")).toHaveValue("Latex")

  // Editing clears the form's message and that field's error.
  await name.fill("Grace Hopper")
  await expect(page.getByTestId("form-error")).toHaveCount(0)
  await expect(page.locator("#field-name-error")).toHaveCount(0)
  await expect(page.locator("#field-email-error")).toHaveText("Email is required")

  await page.getByLabel("Email").fill("grace@")
  await page.getByLabel("Phone").fill("(212) 555-0187")
  await page.getByLabel("Age").fill("54")
  await page.getByRole("button", { name: "Submit" }).click()
  await expect(page.locator("#field-email-error")).toHaveText("Enter a valid email address")
  await expect(page.getByLabel("Email")).toBeFocused()
  await expect(page.getByTestId("form-error")).toHaveText("Invalid form data: Enter a valid email address")
  expect(errors).toEqual([])
})

test("a network failure on the weight-loss form is shown and keeps what was typed", async ({ page }) => {
  await page.goto("/weight-loss-form")
  const p = person("offline")
  await fillMedication(page, p)
  await page.context().setOffline(true)
  await page.getByRole("button", { name: "Submit" }).click()
  await expect(page.getByTestId("form-error")).toHaveText("Network error. Please check your connection and try again.")
  await expect(page.getByLabel("Full Name")).toHaveValue(p.name)
  await expect(page.getByLabel("Pharmacy Information")).toHaveValue(p.pharmacyInfo)
  await expect(page.getByRole("button", { name: "Submit" })).toBeEnabled()
})

test("Apply for Prescription: terms gate the button, the script's required-fields message, errors cleared on edit, success", async ({
  page,
}) => {
  const errors = consoleErrors(page)
  await page.goto("/apply-for-prescription")
  await expect(page.getByRole("group", { name: "Gender" }).getByLabel("Male", { exact: true })).toBeChecked()
  for (const label of ["Email", "Date of Birth", "Phone", "State"]) await expect(page.getByLabel(label)).toHaveAttribute("required", "")
  const submit = page.getByRole("button", { name: "Submit" })
  await expect(submit).toBeDisabled()
  const terms = page.getByLabel(/I agree to the terms and conditions/)
  await terms.check()
  await expect(submit).toBeEnabled()

  // Nothing filled: the script names the four required fields; nothing is sent.
  let sent = 0
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().includes("/apply-for-prescription")) sent++
  })
  await submit.click()
  await expect(page.getByTestId("form-error")).toHaveText(
    "Please fill in the following required fields: Email, Date of Birth, Phone, State"
  )
  await expect(page.getByLabel("Email")).toBeFocused()
  await expect(page.locator("#field-dateOfBirth-error")).toHaveText("Date of birth is required")
  await page.getByLabel("Email").fill("kj@example.com")
  await expect(page.getByTestId("form-error")).toHaveCount(0)
  await page.getByLabel("Phone").fill("(757) 555-0123")
  await submit.click()
  await expect(page.getByTestId("form-error")).toHaveText("Please fill in the following required fields: Date of Birth, State")
  await expect(page.getByLabel("Date of Birth")).toBeFocused()
  expect(sent).toBe(0)

  // The server's check (the shared schema): a birth date in the future.
  await page.getByLabel("Date of Birth").fill("2999-01-01")
  await page.getByLabel("State").selectOption("Virginia")
  await submit.click()
  await expect(page.getByTestId("form-error")).toHaveText("Invalid form data: Date of birth must be a real date in the past")
  await expect(page.locator("#field-dateOfBirth-error")).toHaveText("Date of birth must be a real date in the past")
  await expect(page.getByLabel("Date of Birth")).toBeFocused()
  await page.getByLabel("Date of Birth").fill("1968-08-26")
  await expect(page.getByTestId("form-error")).toHaveCount(0)

  await terms.uncheck()
  await expect(submit).toBeDisabled()
  await terms.check()

  const before = await storedRequests("prescription")
  await fillPrescription(page, `apply-${Date.now()}@example.com`)
  await page.getByLabel(/medullary thyroid cancer/).check()
  await submit.click()
  await expect(page).toHaveURL("/confirmation?form=prescription")
  await expect(page.getByRole("heading", { name: "Thank you! We received your request." })).toBeVisible()
  await expect(page.getByTestId("step")).toHaveCount(0)
  expect(await storedRequests("prescription")).toBe(before + 1)
  expect(errors).toEqual([])
})

test("Apply for Prescription: a network failure is shown with the spec's message", async ({ page }) => {
  await page.goto("/apply-for-prescription")
  await fillPrescription(page, "offline@example.com")
  await page.getByLabel(/I agree to the terms and conditions/).check()
  await page.context().setOffline(true)
  await page.getByRole("button", { name: "Submit" }).click()
  await expect(page.getByTestId("form-error")).toHaveText("Network error. Please check your connection and try again.")
  await expect(page.getByLabel("Medication Needed")).toHaveValue("Semaglutide")
})

async function withoutJavaScript(browser: Browser, baseURL: string | undefined, body: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
  const page = await context.newPage()
  try {
    await verifyAge(page)
    await body(page)
  } finally {
    await context.close()
  }
}

test("without JavaScript, the three forms still validate on the server, keep what was typed, and submit", async ({ browser, baseURL }) => {
  await withoutJavaScript(browser, baseURL, async (page) => {
    for (const form of FORMS) {
      await page.goto(form.path)
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(form.title)
      await expectPageMeta(page, form)
      await page.getByLabel("Full Name").fill("Grace Hopper")
      await page.getByLabel("Age").fill("54")
      await page.getByRole("button", { name: "Submit" }).click()
      await expect(page).toHaveURL(new RegExp(`${form.path}$`))
      await expect(page.locator("#field-email-error")).toHaveText("Email is required")
      await expect(page.getByLabel("Email")).toBeFocused() // autofocus on the first error
      await expect(page.getByTestId("form-error")).toHaveText("Invalid form data: Email is required; Phone is required")
      await expect(page.getByLabel("Full Name")).toHaveValue("Grace Hopper")
      await expect(page.getByLabel("Age")).toHaveValue("54")

      const before = await storedRequests(form.formType)
      await fillMedication(page, person(`nojs-${form.formType}`))
      await page.getByRole("button", { name: "Submit" }).click()
      await expect(page).toHaveURL(`/confirmation?form=${form.formType}`)
      expect(await storedRequests(form.formType)).toBe(before + 1)
    }

    await page.goto("/apply-for-prescription")
    const submit = page.getByRole("button", { name: "Submit" })
    await expect(submit).toBeEnabled() // no script to gate it: the server checks the terms instead
    await page.getByLabel("Email").fill("nojs@example.com")
    await submit.click()
    await expect(page.getByTestId("form-error")).toHaveText("Please fill in the following required fields: Date of Birth, Phone, State")
    await expect(page.getByLabel("Email")).toHaveValue("nojs@example.com")
    await expect(page.getByLabel("Date of Birth")).toBeFocused()

    await fillPrescription(page, "nojs@example.com")
    await page.getByLabel(/GLP-1 medication/).check()
    await submit.click()
    await expect(page.getByTestId("form-error")).toHaveText("Please agree to the terms and conditions to continue.")
    await expect(page.locator("#field-agreeToTerms-error")).toHaveText("Please agree to the terms and conditions to continue.")
    await expect(page.getByLabel(/GLP-1 medication/)).toBeChecked()
    await expect(page.getByLabel("State")).toHaveValue("Virginia")
    await expect(page.getByLabel("Female")).toBeChecked()

    const before = await storedRequests("prescription")
    await page.getByLabel(/I agree to the terms and conditions/).check()
    await submit.click()
    await expect(page).toHaveURL("/confirmation?form=prescription")
    expect(await storedRequests("prescription")).toBe(before + 1)
  })
})

async function audit(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze()
  return results.violations.map((v) => `${label}: ${v.impact} ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)
}

test("the treatments, the three forms (with errors) and /confirmation have no accessibility problems and fit 360 px", async ({ page }) => {
  // Colours are measured as they are, not halfway through the button's transition back from "Submitting...".
  await page.emulateMedia({ reducedMotion: "reduce" })
  await page.setViewportSize({ width: 360, height: 740 })
  const findings: string[] = []
  for (const path of ["/buy-medication", "/weight-loss-form", "/insulin-form", "/apply-for-prescription", "/confirmation?form=insulin"]) {
    await page.goto(path)
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} fits 360 px`).toBeLessThanOrEqual(360)
    findings.push(...(await audit(page, path)))
  }
  await page.goto("/insulin-form")
  await page.getByRole("button", { name: "Submit" }).click()
  await expect(page.locator("#field-name-error")).toBeVisible()
  await expect(page.getByRole("button", { name: "Submit" })).toBeEnabled()
  findings.push(...(await audit(page, "/insulin-form with errors")))
  await page.goto("/apply-for-prescription")
  await page.getByLabel(/I agree to the terms and conditions/).check()
  await page.getByRole("button", { name: "Submit" }).click()
  await expect(page.getByTestId("form-error")).toBeVisible()
  await expect(page.getByRole("button", { name: "Submit" })).toBeEnabled()
  findings.push(...(await audit(page, "/apply-for-prescription with errors")))
  expect(findings).toEqual([])
})
