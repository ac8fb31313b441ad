// What a text field accepts (SignWell's `validation`), checked as the signer types. The rules
// and messages are the server's, which checks them again when the signer finishes.

// ABA routing numbers: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10.
function routingChecksum(text) {
  const d = [...text].map(Number);
  return (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8])) % 10 === 0;
}

const RULES = {
  numbers: { test: (t) => /^[\p{N}.,-]+$/u.test(t), message: "must be a number", inputMode: "decimal" },
  letters: { test: (t) => /^[\p{L} ]+$/u.test(t), message: "must contain letters only" },
  alphanumeric: { test: (t) => /^[\p{L}\p{N}]+$/u.test(t), message: "must contain letters and digits only" },
  email_address: {
    test: (t) => {
      const parts = t.split("@");
      return parts.length === 2 && parts[0] !== "" && parts[1].includes(".") && !t.includes(" ");
    },
    message: "must be an email address",
    inputMode: "email",
  },
  us_phone_number: {
    test: (t) => /^[\p{N}()\- .+]+$/u.test(t) && t.replace(/\D/g, "").length === 10,
    message: "must be a US phone number (10 digits)",
    inputMode: "tel",
  },
  us_zip_code: { test: (t) => /^\d{5}(-\d{4})?$/.test(t), message: "must be a US ZIP code (12345 or 12345-6789)", inputMode: "numeric" },
  us_ssn: { test: (t) => /^\d{3}-?\d{2}-?\d{4}$/.test(t), message: "must be a US social security number (123-45-6789)", inputMode: "numeric" },
  us_age: { test: (t) => /^\d{1,3}$/.test(t) && Number(t) <= 150, message: "must be an age (0 to 150)", inputMode: "numeric" },
  us_bank_routing_number: {
    test: (t) => /^\d{9}$/.test(t) && routingChecksum(t),
    message: "must be a valid 9-digit US bank routing number",
    inputMode: "numeric",
  },
  us_bank_account_number: { test: (t) => /^\d{4,17}$/.test(t), message: "must be a US bank account number (4 to 17 digits)", inputMode: "numeric" },
};

// Why `text` does not pass `validation`, or null when it does (an empty text always passes:
// whether a field may stay empty is the `required` flag's business).
export function validationProblem(text, validation) {
  const rule = RULES[validation];
  if (!rule || text === "") return null;
  return rule.test(text) ? null : `This ${rule.message}.`;
}

// The on-screen keyboard that suits `validation`.
export function inputModeFor(validation) {
  return RULES[validation]?.inputMode ?? "text";
}