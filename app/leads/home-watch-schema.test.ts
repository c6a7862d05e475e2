import { describe, expect, it } from "vitest";
import {
  checkHomeWatch,
  emptyPeriodText,
  normalizeHomeWatchValues,
  validateHomeWatchFields,
  type HomeWatchValues,
} from "./home-watch-schema";

const valid: HomeWatchValues = {
  name: "Jane Doe",
  email: "jane.doe@example.com",
  phone: "609-555-0199",
  address: "12 Ocean Ave, Surf City, NJ",
  empty_from: "October",
  empty_until: "May",
};

describe("the home watch request's rules", () => {
  it("accepts a filled-in request and writes the empty months as a sentence in the description", () => {
    expect(validateHomeWatchFields(valid)).toEqual({});
    expect(checkHomeWatch(valid)).toEqual({
      ok: true,
      lead: {
        name: "Jane Doe",
        email: "jane.doe@example.com",
        phone: "609-555-0199",
        address: "12 Ocean Ave, Surf City, NJ",
        description: "Home watch request. The house stands empty from October to May.",
      },
    });
  });

  it("says 'in' a month when the house stands empty for one month", () => {
    expect(emptyPeriodText("January", "January")).toBe("The house stands empty in January.");
  });

  it("names every missing field in words at that field", () => {
    expect(validateHomeWatchFields({})).toEqual({
      name: "Please enter your name.",
      email: "Please enter your email address.",
      phone: "Please enter your phone number.",
      address: "Please enter the address of the house.",
      empty_from: "Please choose the month the house is first empty.",
      empty_until: "Please choose the month you are back.",
    });
    expect(checkHomeWatch(normalizeHomeWatchValues({}))).toMatchObject({ ok: false });
  });

  it("refuses a month that is not on the list, a bad email and phone, and an overlong address", () => {
    const errors = validateHomeWatchFields({
      ...valid,
      empty_from: "Octember",
      empty_until: "5",
      email: "jane@",
      phone: "555-0199",
      address: "x".repeat(201),
    });
    expect(errors).toEqual({
      empty_from: "Please choose a month from the list.",
      empty_until: "Please choose a month from the list.",
      email: "Please enter a valid email address.",
      phone: "Please enter a 10-digit US phone number.",
      address: "Please shorten the address to 200 characters or fewer.",
    });
  });

  it("refuses hidden characters and line breaks, naming the field", () => {
    const errors = validateHomeWatchFields({
      ...valid,
      name: "Jane\u202eDoe",
      address: "12 Ocean Ave\nSurf City",
    });
    expect(errors.name).toMatch(/^Your name /);
    expect(errors.address).toBe("Please enter the address on one line.");
    expect(validateHomeWatchFields({ ...valid, address: "12 Ocean\u200b Ave" }).address).toMatch(/^The address /);
  });

  it("trims what arrives and treats anything but text as empty", () => {
    expect(normalizeHomeWatchValues({ name: "  Jane  ", empty_from: 3, email: undefined })).toEqual({
      name: "Jane",
      email: "",
      phone: "",
      address: "",
      empty_from: "",
      empty_until: "",
    });
  });
});
