/**
 * The home watch request's rules: the short form on the home watch page, shared by the browser and
 * the server. It goes into the same intake as an estimate request, marked by one hidden field, and
 * is stored as an estimate request whose description says when the house stands empty.
 * Imported by client code: nothing here may reach for Node or server-only modules.
 */
import { MONTHS } from "~/content/dates";
import {
  normalizeEstimateValue,
  validateAddress,
  validateEmail,
  validateName,
  validatePhone,
  type EstimateValues,
} from "./estimate-schema";

/** The hidden field that tells the intake which form sent the request. */
export const REQUEST_KIND_FIELD = "request_kind";
export const HOME_WATCH_KIND = "home-watch";
/** The service the lead is marked with on arrival: the home watch page's slug. */
export const HOME_WATCH_SERVICE = "home-watch";

export const HOME_WATCH_FIELDS = ["name", "email", "phone", "address", "empty_from", "empty_until"] as const;
export type HomeWatchField = (typeof HOME_WATCH_FIELDS)[number];
export type HomeWatchValues = Record<HomeWatchField, string>;
export type HomeWatchFieldErrors = Partial<Record<HomeWatchField, string>>;

/** Months rather than dates: owners think of the off-season in months, and two selects are quick on a phone. */
export { MONTHS };
export type Month = (typeof MONTHS)[number];

export function isMonth(value: string): value is Month {
  return (MONTHS as readonly string[]).includes(value);
}

export function normalizeHomeWatchValues(raw: Partial<Record<HomeWatchField, unknown>>): HomeWatchValues {
  const values = {} as HomeWatchValues;
  for (const field of HOME_WATCH_FIELDS) {
    const value = raw[field];
    values[field] = typeof value === "string" ? value.trim() : "";
  }
  return values;
}

/** Unlike the estimate form's, the address is the whole point here: the house we are to watch. */
export function validateHouseAddress(value: string): string | undefined {
  if (normalizeEstimateValue("address", value) === "") return "Please enter the address of the house.";
  return validateAddress(value)?.replace("The project address", "The address");
}

function validateMonth(value: string, which: "from" | "until"): string | undefined {
  const month = value.trim();
  if (month === "")
    return which === "from"
      ? "Please choose the month the house is first empty."
      : "Please choose the month you are back.";
  if (!isMonth(month)) return "Please choose a month from the list.";
  return undefined;
}

export const homeWatchFieldValidators: Record<HomeWatchField, (value: string) => string | undefined> = {
  name: validateName,
  email: validateEmail,
  phone: validatePhone,
  address: validateHouseAddress,
  empty_from: (value) => validateMonth(value, "from"),
  empty_until: (value) => validateMonth(value, "until"),
};

/** Messages for the fields that are wrong; an empty object when everything is fine. Missing fields count as empty. */
export function validateHomeWatchFields(values: Partial<Record<HomeWatchField, string>>): HomeWatchFieldErrors {
  const errors: HomeWatchFieldErrors = {};
  for (const field of HOME_WATCH_FIELDS) {
    const message = homeWatchFieldValidators[field](values[field] ?? "");
    if (message) errors[field] = message;
  }
  return errors;
}

/** The sentence the owner reads on the lead: "The house stands empty from October to May." */
export function emptyPeriodText(from: Month, until: Month): string {
  return from === until ? `The house stands empty in ${from}.` : `The house stands empty from ${from} to ${until}.`;
}

export const HOME_WATCH_DESCRIPTION_START = "Home watch request.";

export type HomeWatchCheck = { ok: true; lead: EstimateValues } | { ok: false; fieldErrors: HomeWatchFieldErrors };

/**
 * Checks the request and, when it is fine, writes it as the leads table keeps every request: the
 * months become the description, so the desk, the CSV and the owner's email read them without a
 * column of their own.
 */
export function checkHomeWatch(values: HomeWatchValues): HomeWatchCheck {
  const fieldErrors = validateHomeWatchFields(values);
  const { empty_from: from, empty_until: until } = values;
  if (Object.keys(fieldErrors).length > 0 || !isMonth(from) || !isMonth(until)) return { ok: false, fieldErrors };
  return {
    ok: true,
    lead: {
      name: values.name,
      email: values.email,
      phone: values.phone,
      address: values.address,
      description: `${HOME_WATCH_DESCRIPTION_START} ${emptyPeriodText(from, until)}`,
    },
  };
}
