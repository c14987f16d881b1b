/** Valid submissions of the prescription forms (spec §2), as the storefront sends them. */
export const medication = {
  formType: "weight_loss",
  name: "Sam Rivera",
  email: "sam.rivera@example.com",
  phone: "555-010-2000",
  age: 41,
  medicationName: "Semaglutide",
  duration: "More Than A Year",
  allergies: "None",
  hasPrescription: "No",
  pharmacyInfo: "",
  noPrescription: true,
}

/** An insulin form from a patient who already has a prescription. */
export const insulin = {
  formType: "insulin",
  name: "Sam Rivera",
  email: "sam.rivera@example.com",
  phone: "555-010-2000",
  age: 41,
  medicationName: "Insulin glargine",
  duration: "More Than A Year",
  allergies: "Sulfa drugs",
  hasPrescription: "Yes",
  pharmacyInfo: "Main Street Pharmacy",
  noPrescription: false,
}

export const full = {
  formType: "prescription",
  name: "Jordan Rivers",
  email: "jordan@example.com",
  gender: "female",
  dateOfBirth: "1979-03-02",
  phone: "555-202-3030",
  address: "77 Harbor Road",
  state: "Maine",
  zipCode: "04101",
  pastMedicalProblems: "Type 2 diabetes",
  currentMedications: "Metformin",
  knownAllergies: "Penicillin",
  medicationNeeded: "Semaglutide",
  dosageNeeded: "0.25 mg weekly",
  thyroidCancer: false,
  menSyndrome: false,
  glp1Allergy: false,
  agreeToTerms: true,
}
