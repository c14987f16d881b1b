import { CheckboxField, TextAreaField, TextField } from "~/components/form-fields"

/** Spec §2: the health history part of the form (all optional). */
export function HealthHistoryFields({ values, errors }: { values: Record<string, string>; errors: Record<string, string | undefined> }) {
  return (
    <section aria-labelledby="health-heading" className="rounded-2xl border border-slate-200 p-4 sm:p-6">
      <h2 id="health-heading" className="text-lg font-bold">
        Your health
      </h2>
      <div className="mt-4 space-y-4">
        <TextAreaField
          name="pastMedicalProblems"
          label="Past Medical Problems"
          hint="Conditions you have or had, surgeries, hospital stays."
          defaultValue={values.pastMedicalProblems}
          error={errors.pastMedicalProblems}
        />
        <TextAreaField
          name="currentMedications"
          label="Current Medications"
          hint="Prescription and over-the-counter medicines, vitamins and supplements, with doses."
          defaultValue={values.currentMedications}
          error={errors.currentMedications}
        />
        <TextAreaField name="knownAllergies" label="Known Allergies" defaultValue={values.knownAllergies} error={errors.knownAllergies} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="medicationNeeded"
            label="Medication Needed"
            defaultValue={values.medicationNeeded}
            error={errors.medicationNeeded}
          />
          <TextField name="dosageNeeded" label="Dosage Needed" defaultValue={values.dosageNeeded} error={errors.dosageNeeded} />
        </div>
        <fieldset className="space-y-3">
          <legend className="field-label">Check any that apply to you</legend>
          <CheckboxField
            name="thyroidCancer"
            label="I or a family member have had medullary thyroid cancer"
            defaultChecked={values.thyroidCancer === "on"}
            error={errors.thyroidCancer}
          />
          <CheckboxField
            name="menSyndrome"
            label="I have Multiple Endocrine Neoplasia syndrome type 2 (MEN 2)"
            defaultChecked={values.menSyndrome === "on"}
            error={errors.menSyndrome}
          />
          <CheckboxField
            name="glp1Allergy"
            label="I have had an allergic reaction to a GLP-1 medication"
            defaultChecked={values.glp1Allergy === "on"}
            error={errors.glp1Allergy}
          />
        </fieldset>
      </div>
    </section>
  )
}
