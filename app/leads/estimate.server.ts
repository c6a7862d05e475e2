/**
 * Accepting an estimate request: shared by `POST /api/estimate` and the /estimate page's action.
 *
 * Order of work: read the form within limits, check every field, answer a request already stored
 * under the same idempotency key as it was answered the first time (before any photo is touched),
 * check every photo's real type, re-encode the photos (`estimate-photos.server.ts`), then store the
 * lead with its key, its photos and what it owes (`record/create.server.ts`), committed before
 * answering. Any refusal stores and sends nothing.
 */
import { createHmac } from "node:crypto";
import type { Kysely } from "kysely";
import { getDatabase } from "~/infra/db.server";
import { IMAGE_WORK_SLOTS } from "~/infra/images.server";
import { describeError, log } from "~/infra/log.server";
import type { Database } from "~/infra/schema.server";
import { Semaphore } from "~/infra/semaphore";
import { FormParseError, parseFormRequest, type ParsedForm } from "~/infra/uploads.server";
import {
  createInFlightRequests,
  findKeyedLead,
  KEY_REUSED_MESSAGE,
  requestFingerprint,
  type KeyedRequest,
} from "./estimate-idempotency.server";
import { preparePhotos, type PreparedPhoto } from "./estimate-photos.server";
import {
  ESTIMATE_FIELDS,
  formatUsPhone,
  localSourcePath,
  SOURCE_FIELD,
  HONEYPOT_FIELD,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  MAX_TOTAL_BYTES,
  normalizeEstimateValues,
  validateEstimateFields,
  type EstimateField,
  type EstimateFieldErrors,
  type EstimateValues,
} from "./estimate-schema";
import {
  checkHomeWatch,
  HOME_WATCH_FIELDS,
  HOME_WATCH_KIND,
  HOME_WATCH_SERVICE,
  normalizeHomeWatchValues,
  REQUEST_KIND_FIELD,
  type HomeWatchField,
  type HomeWatchFieldErrors,
  type HomeWatchValues,
} from "./home-watch-schema";
import {
  IDEMPOTENCY_FIELD,
  IDEMPOTENCY_HEADER,
  INVALID_KEY_MESSAGE,
  readIdempotencyField,
  readIdempotencyHeader,
  type KeyReading,
} from "./idempotency-key";
import { createLead } from "./record/create.server";
import { visibleNotice } from "~/notices/notices.server";
import type { PublicNotice } from "~/notices/notice-text";

export type EstimateFailureStatus = 400 | 405 | 413 | 415 | 422 | 500;

export interface EstimateSuccess {
  status: 200;
  success: true;
  leadId: string;
  /** True when the post tripped the spam trap: stored in quarantine, nothing mailed. */
  quarantined: boolean;
  /** True when an earlier copy of the request (same idempotency key) stored the lead. */
  replayed?: boolean;
  /** The notice up on the site, repeated in the success message while it lasts. */
  notice?: PublicNotice | null;
  /** Set when the home watch form sent the request, so the thank-you speaks of it. */
  requestKind?: typeof HOME_WATCH_KIND;
}

export interface EstimateFailure {
  status: EstimateFailureStatus;
  success: false;
  /** For the visitor (and the API's JSON). */
  error: string;
  /** Per field, for showing next to each input. */
  fieldErrors?: IntakeFieldErrors;
  /** What was received, trimmed, so the form can be shown again filled in. Photos cannot be. */
  values?: EstimateValues | HomeWatchValues;
  /** Set when the home watch form sent the request, so that form is the one shown again. */
  requestKind?: typeof HOME_WATCH_KIND;
  /** The idempotency key the request carried, for the form shown again to send with its next try. */
  idempotencyKey?: string;
}

export type EstimateOutcome = EstimateSuccess | EstimateFailure;

/** The messages at the fields of whichever form sent the request. */
export type IntakeFieldErrors = EstimateFieldErrors | HomeWatchFieldErrors;

export interface EstimateSubmissionOptions {
  /** The client's address, if the server knows it; only a keyed hash of it is stored. */
  clientIp?: string;
}

/** The JSON body of `POST /api/estimate`. */
export type EstimateApiBody =
  { success: true; notice?: PublicNotice } | { success: false; error: string; fieldErrors?: IntakeFieldErrors };

export function estimateApiBody(outcome: EstimateOutcome): EstimateApiBody {
  if (outcome.success) return outcome.notice ? { success: true, notice: outcome.notice } : { success: true };
  return outcome.fieldErrors
    ? { success: false, error: outcome.error, fieldErrors: outcome.fieldErrors }
    : { success: false, error: outcome.error };
}

const FORM_LIMITS = {
  maxFiles: MAX_PHOTOS,
  maxFileBytes: MAX_PHOTO_BYTES,
  maxTotalBytes: MAX_TOTAL_BYTES,
  maxFields: 30,
  // Far above any valid value (5,000 characters are at most 20 KB of UTF-8), so a cut-off value
  // is always also too long and gets the usual message.
  maxFieldBytes: 64 * 1024,
  isFileField: (name: string) => name === "photos" || /^photo_\d+$/.test(name),
};

function parseFailureMessage(error: FormParseError): string {
  switch (error.reason) {
    case "unsupported-content-type":
      return "Please send the form as multipart/form-data.";
    case "malformed":
      return "The form did not arrive completely. Please try again.";
    case "too-many-files":
      return `Please attach no more than ${MAX_PHOTOS} photos.`;
    case "file-too-large":
      return `${error.fileName || "A photo"} is larger than ${MAX_PHOTO_BYTES / (1024 * 1024)} MB. Please choose a smaller photo.`;
    case "total-too-large":
      return `The photos add up to more than ${MAX_TOTAL_BYTES / (1024 * 1024)} MB. Please send fewer or smaller photos.`;
    case "field-too-large":
      return "A field of the form is far longer than it takes. Please shorten it and send it again.";
    case "too-many-fields":
      return "The form has too many fields.";
  }
}

function valuesOf(form: ParsedForm): EstimateValues {
  const raw: Partial<Record<EstimateField, string>> = {};
  for (const field of ESTIMATE_FIELDS) raw[field] = form.fields.get(field);
  return normalizeEstimateValues(raw);
}

/** What a refusal hands back so the form that sent the request is shown again filled in. */
type Shown =
  | { requestKind: typeof HOME_WATCH_KIND; values: HomeWatchValues }
  | { requestKind?: undefined; values: EstimateValues };

/**
 * The request as the leads table keeps it, or its refusal. The home watch page's short form
 * marks itself with a hidden field; anything else in that field is refused, not guessed at.
 */
type Accepted = { ok: true; values: EstimateValues; service?: string; shown: Shown };
type Checked = Accepted | { ok: false; failure: EstimateFailure };

function shownValues(form: ParsedForm): Shown {
  if (form.fields.get(REQUEST_KIND_FIELD) !== HOME_WATCH_KIND) return { values: valuesOf(form) };
  const raw: Partial<Record<HomeWatchField, string>> = {};
  for (const field of HOME_WATCH_FIELDS) raw[field] = form.fields.get(field);
  return { values: normalizeHomeWatchValues(raw), requestKind: HOME_WATCH_KIND };
}

function checkRequest(form: ParsedForm): Checked {
  const kind = (form.fields.get(REQUEST_KIND_FIELD) ?? "").trim();
  if (kind !== "" && kind !== HOME_WATCH_KIND) {
    log("info", "estimate request refused", { status: 400, reason: "unknown request kind" });
    return { ok: false, failure: { status: 400, success: false, error: UNKNOWN_KIND } };
  }
  const shown = shownValues(form);
  const refuse = (fieldErrors: IntakeFieldErrors): Checked => {
    log("info", "estimate request refused", {
      status: 400,
      reason: "invalid fields",
      fields: Object.keys(fieldErrors),
    });
    const error = Object.values(fieldErrors).join(" ");
    return { ok: false, failure: { status: 400, success: false, error, fieldErrors, ...shown } };
  };
  if (shown.requestKind === HOME_WATCH_KIND) {
    const checked = checkHomeWatch(shown.values);
    if (!checked.ok) return refuse(checked.fieldErrors);
    return { ok: true, values: checked.lead, service: HOME_WATCH_SERVICE, shown };
  }
  const { values } = shown;
  const fieldErrors = validateEstimateFields(values);
  if (Object.keys(fieldErrors).length > 0) return refuse(fieldErrors);
  return { ok: true, values, shown };
}

const UNKNOWN_KIND = "This form is not one we know. Please reload the page and send it again, or call us.";

const ipSecrets = new WeakMap<Kysely<Database>, Promise<string>>();

async function hashClientIp(db: Kysely<Database>, ip: string | undefined): Promise<string | null> {
  if (!ip) return null;
  let secret = ipSecrets.get(db);
  if (!secret) {
    secret = db
      .selectFrom("app_meta")
      .select("value")
      .where("key", "=", "ip_hash_secret")
      .executeTakeFirstOrThrow()
      .then((row) => row.value);
    ipSecrets.set(db, secret);
  }
  return createHmac("sha256", await secret)
    .update(ip)
    .digest("hex")
    .slice(0, 32);
}

async function storeLead(
  { values, service }: Accepted,
  photos: readonly PreparedPhoto[],
  request: Request,
  options: EstimateSubmissionOptions,
  spamReason: string | undefined,
  sourcePath: string | undefined,
  keyed: KeyedRequest | undefined,
): Promise<string> {
  const { db } = await getDatabase();
  return createLead(db, {
    values: { ...values, phone: formatUsPhone(values.phone) },
    service,
    photos,
    sourcePath,
    spamReason,
    ipHash: await hashClientIp(db, options.clientIp),
    userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? null,
    keyed,
  });
}

export async function handleEstimateSubmission(
  request: Request,
  options: EstimateSubmissionOptions = {},
): Promise<EstimateOutcome> {
  if (request.method !== "POST")
    return { status: 405, success: false, error: "Estimate requests must be sent with POST." };

  // A malformed key is refused before the body is read: the request cannot be made safe to repeat.
  const headerKey = readIdempotencyHeader(request.headers.get(IDEMPOTENCY_HEADER));
  if (headerKey.kind === "malformed") {
    log("info", "estimate request refused", { status: 400, reason: "malformed idempotency key" });
    return { status: 400, success: false, error: INVALID_KEY_MESSAGE };
  }

  let form: ParsedForm;
  try {
    form = await parseFormRequest(request, FORM_LIMITS);
  } catch (error) {
    if (!(error instanceof FormParseError)) {
      // Not the visitor's doing: the uploads could not be written to disk.
      log("error", "estimate request could not be read", { error: describeError(error) });
      return { status: 500, success: false, error: COULD_NOT_SAVE };
    }
    log("info", "estimate request refused", { status: error.status, reason: error.reason });
    return { status: error.status, success: false, error: parseFailureMessage(error) };
  }
  try {
    // The header wins; the form without JavaScript carries the key as a field.
    const key: KeyReading =
      headerKey.kind === "key" ? headerKey : readIdempotencyField(form.fields.get(IDEMPOTENCY_FIELD));
    if (key.kind === "malformed") {
      log("info", "estimate request refused", { status: 400, reason: "malformed idempotency key" });
      return { status: 400, success: false, error: INVALID_KEY_MESSAGE, ...shownValues(form) };
    }
    const outcome = await handleParsedSubmission(form, request, options, key.kind === "key" ? key.key : undefined);
    if (outcome.success)
      return { ...outcome, notice: await noticeForVisitor(), requestKind: shownValues(form).requestKind };
    return key.kind === "key" ? { ...outcome, idempotencyKey: key.key } : outcome;
  } finally {
    await form.dispose();
  }
}

/** The site's notice for the success message; the lead is stored, so a failure to read it only leaves it out. */
async function noticeForVisitor(): Promise<PublicNotice | null> {
  try {
    return await visibleNotice((await getDatabase()).db);
  } catch (error) {
    log("warn", "the notice could not be read for a success message", { error: describeError(error) });
    return null;
  }
}

const intake = new Semaphore(IMAGE_WORK_SLOTS);

const COULD_NOT_SAVE = "We could not save your request. Please try again or call us directly.";

const inFlight = createInFlightRequests<EstimateOutcome>((outcome) => (outcome.success ? outcome.leadId : undefined));

/** The answer to a copy of a request whose lead is already stored: the first answer, or 422 for other text. */
function replayOutcome(
  keyed: KeyedRequest,
  stored: { leadId: string; fingerprint: string },
  shown: Shown,
): EstimateOutcome {
  if (stored.fingerprint !== keyed.fingerprint) {
    log("info", "estimate request refused", { status: 422, reason: "idempotency key reused with other text" });
    return { status: 422, success: false, error: KEY_REUSED_MESSAGE, ...shown };
  }
  log("info", "estimate request already stored; answered again", { leadId: stored.leadId });
  return { status: 200, success: true, leadId: stored.leadId, quarantined: false, replayed: true };
}

async function handleParsedSubmission(
  form: ParsedForm,
  request: Request,
  options: EstimateSubmissionOptions,
  idempotencyKey: string | undefined,
): Promise<EstimateOutcome> {
  // A filled trap field marks the post as suspected spam, but it goes through every check and is
  // stored: a person whose browser filled the field by mistake must not lose the request unseen.
  const spamReason = (form.fields.get(HONEYPOT_FIELD) ?? "").trim() !== "" ? "honeypot" : undefined;

  const checked = checkRequest(form);
  if (!checked.ok) return checked.failure;

  if (!idempotencyKey) return storeSubmission(form, checked, request, options, spamReason, undefined);
  const keyed: KeyedRequest = { key: idempotencyKey, fingerprint: requestFingerprint(checked.values) };
  let db: Kysely<Database>;
  try {
    ({ db } = await getDatabase());
  } catch (error) {
    log("error", "estimate request could not be stored", { error: describeError(error) });
    return { status: 500, success: false, error: COULD_NOT_SAVE, ...checked.shown };
  }
  const result = await inFlight(db, keyed, () => storeSubmission(form, checked, request, options, spamReason, keyed));
  return result.kind === "stored" ? replayOutcome(keyed, result, checked.shown) : result.value;
}

async function storeSubmission(
  form: ParsedForm,
  accepted: Accepted,
  request: Request,
  options: EstimateSubmissionOptions,
  spamReason: string | undefined,
  keyed: KeyedRequest | undefined,
): Promise<EstimateOutcome> {
  try {
    // Whole requests take turns from here on, not only their photos: a request's re-encoded photos
    // stay in memory until its transaction commits, so ten requests working at once would hold ten
    // sets of them. Waiting requests hold only their uploads, which are on disk.
    const stored = await intake.run(async () => {
      const checked = await preparePhotos(form.files);
      if (!checked.ok) return checked;
      const sourcePath = localSourcePath(form.fields.get(SOURCE_FIELD));
      const leadId = await storeLead(accepted, checked.photos, request, options, spamReason, sourcePath, keyed);
      return { ...checked, leadId };
    });
    if (!stored.ok) {
      log("info", "estimate request refused", { status: stored.failure.status, reason: "photo" });
      return { ...stored.failure, success: false, ...accepted.shown };
    }
    const { photos, leadId } = stored;
    const checked = { photos };
    log("info", spamReason ? "estimate request quarantined" : "estimate request stored", {
      leadId,
      reason: spamReason,
      photos: checked.photos.length,
      photoBytes: checked.photos.reduce((sum, photo) => sum + photo.data.length, 0),
      // Anything but "reencoded" means the upload was already smaller than our re-encoding.
      photoMethods: checked.photos.map((photo) => photo.method),
    });
    return { status: 200, success: true, leadId, quarantined: spamReason !== undefined };
  } catch (error) {
    // Another copy of the request, on another connection or server instance, may have committed
    // first: its key's row is what made this one fail. Then this one's answer is the first's.
    const winner = keyed ? await lookUpWinner(keyed.key) : undefined;
    if (keyed && winner) return replayOutcome(keyed, winner, accepted.shown);
    log("error", "estimate request could not be stored", { error: describeError(error) });
    return { status: 500, success: false, error: COULD_NOT_SAVE, ...accepted.shown };
  }
}

async function lookUpWinner(key: string): Promise<{ leadId: string; fingerprint: string } | undefined> {
  try {
    return await findKeyedLead((await getDatabase()).db, key);
  } catch {
    return undefined;
  }
}
