/**
 * Accepting an estimate request: shared by `POST /api/estimate` and the /estimate page's action.
 *
 * Order of work: read the form within limits, check every field, answer a request already stored
 * under the same idempotency key as it was answered the first time (before any photo is touched),
 * check every photo's real type, re-encode the photos, then store the lead, its key, its photos and
 * the two emails it owes in one transaction, committed before answering. Any refusal stores and
 * sends nothing.
 */
import { createHmac, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { enqueueNewLeadPush } from "~/alerts/push-outbox.server";
import { getDatabase } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import {
  detectImageFormat,
  IMAGE_EXTENSIONS,
  IMAGE_WORK_SLOTS,
  ImageDecodeError,
  ImageTooLargeError,
  ImageWouldGrowError,
  inspectImage,
  prepareUploadedImage,
  type ImageFormat,
  type PreparedImage,
} from "~/infra/images.server";
import { Semaphore } from "~/infra/semaphore";
import { describeError, log } from "~/infra/log.server";
import { enqueueMail, nudgeMailWorkers } from "~/infra/outbox.server";
import { leadSearchText, timestamp, type Database } from "~/infra/schema.server";
import { FormParseError, parseFormRequest, type ParsedForm, type UploadedFile } from "~/infra/uploads.server";
import { mayConfirm } from "./confirmation-limits.server";
import {
  createInFlightRequests,
  findKeyedLead,
  KEY_REUSED_MESSAGE,
  recordKey,
  requestFingerprint,
  type KeyedRequest,
} from "./estimate-idempotency.server";
import { ownerNotification, visitorConfirmation, type LeadForEmail, type StoredPhoto } from "./estimate-emails.server";
import {
  ESTIMATE_FIELDS,
  formatUsPhone,
  localSourcePath,
  SOURCE_FIELD,
  HONEYPOT_FIELD,
  invalidFileTypeMessage,
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
  IDEMPOTENCY_FIELD,
  IDEMPOTENCY_HEADER,
  INVALID_KEY_MESSAGE,
  readIdempotencyField,
  readIdempotencyHeader,
  type KeyReading,
} from "./idempotency-key";

export type EstimateFailureStatus = 400 | 405 | 413 | 415 | 422 | 500;

export interface EstimateSuccess {
  status: 200;
  success: true;
  leadId: string;
  /** True when the post tripped the spam trap: stored in quarantine, nothing mailed. */
  quarantined: boolean;
  /** True when an earlier copy of the request (same idempotency key) stored the lead. */
  replayed?: boolean;
}

export interface EstimateFailure {
  status: EstimateFailureStatus;
  success: false;
  /** For the visitor (and the API's JSON). */
  error: string;
  /** Per field, for showing next to each input. */
  fieldErrors?: EstimateFieldErrors;
  /** What was received, trimmed, so the form can be shown again filled in. Photos cannot be. */
  values?: EstimateValues;
  /** The idempotency key the request carried, for the form shown again to send with its next try. */
  idempotencyKey?: string;
}

export type EstimateOutcome = EstimateSuccess | EstimateFailure;

export interface EstimateSubmissionOptions {
  /** The client's address, if the server knows it; only a keyed hash of it is stored. */
  clientIp?: string;
}

/** The JSON body of `POST /api/estimate`. */
export type EstimateApiBody = { success: true } | { success: false; error: string; fieldErrors?: EstimateFieldErrors };

export function estimateApiBody(outcome: EstimateOutcome): EstimateApiBody {
  if (outcome.success) return { success: true };
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
    case "too-many-fields":
      return "The form has too many fields.";
  }
}

function valuesOf(form: ParsedForm): EstimateValues {
  const raw: Partial<Record<EstimateField, string>> = {};
  for (const field of ESTIMATE_FIELDS) raw[field] = form.fields.get(field);
  return normalizeEstimateValues(raw);
}

/** A file name safe to show and to write to disk, ending in the extension of what the file really is. */
export function storedFileName(original: string, format: ImageFormat, position: number): string {
  // Control characters and the characters file systems reserve are never wanted in a file name.
  const base = [...original]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && !'"<>:|?*\\/'.includes(c))
    .join("")
    .replace(/\.[^.]*$/, "")
    .trim()
    .slice(0, 80);
  return `${base || `photo-${position + 1}`}${IMAGE_EXTENSIONS[format]}`;
}

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

interface PreparedPhoto extends PreparedImage {
  id: string;
  fileName: string;
}

type PhotoCheck = { ok: true; photos: PreparedPhoto[] } | { ok: false; failure: EstimateFailure };

function shownName(file: UploadedFile, index: number): string {
  return file.fileName || `Photo ${index + 1}`;
}

/**
 * What the visitor is told about a photo we cannot keep, and with which status. Any other error is
 * ours, not the photo's, and is thrown on to become a 500.
 */
function photoFailure(error: unknown, name: string, values: EstimateValues): EstimateFailure {
  if (error instanceof ImageTooLargeError) {
    const megapixels = Math.floor(error.limit / 1_000_000);
    return {
      status: 413,
      success: false,
      error: error.animation
        ? `${name} has too many pixels across its frames. Please send a shorter or smaller animation (at most ${megapixels} megapixels for all frames together) or a still photo.`
        : `${name} is too large in pixels. Please send a photo of at most ${megapixels} megapixels.`,
      values,
    };
  }
  if (error instanceof ImageWouldGrowError)
    return {
      status: 422,
      success: false,
      error: `${name} could not be processed. Please try a different photo, or send it as a JPEG.`,
      values,
    };
  if (error instanceof ImageDecodeError)
    return {
      status: 415,
      success: false,
      error: `${name} could not be read as an image. Please try a different photo.`,
      values,
    };
  throw error;
}

function logPhotoRefusal(error: unknown, format: ImageFormat): void {
  if (error instanceof ImageTooLargeError)
    log("info", "estimate photo too large in pixels", { format, pixels: error.pixels, limit: error.limit });
  else if (error instanceof ImageWouldGrowError)
    log("info", "estimate photo could not be kept within its upload size", {
      format,
      uploadBytes: error.uploadBytes,
      smallestBytes: error.smallestBytes,
    });
  else if (error instanceof ImageDecodeError)
    log("info", "estimate photo could not be decoded", { error: describeError(error), format });
}

async function preparePhotos(files: readonly UploadedFile[], values: EstimateValues): Promise<PhotoCheck> {
  const formats: ImageFormat[] = [];
  // Every type and every header first: a refusal should not wait for the other photos to be
  // re-encoded, and an image too large in pixels is refused before anything decodes it.
  for (const [index, file] of files.entries()) {
    const format = await detectImageFormat(file.path);
    if (!format)
      return {
        ok: false,
        failure: { status: 415, success: false, error: invalidFileTypeMessage(shownName(file, index)), values },
      };
    try {
      await inspectImage(file.path, format);
    } catch (error) {
      logPhotoRefusal(error, format);
      return { ok: false, failure: photoFailure(error, shownName(file, index), values) };
    }
    formats.push(format);
  }

  // All photos join the shared image queue at once, so this request's photos are done in parallel
  // when cores are free, and requests are served in the order they arrived when they are not.
  const giveUp = new AbortController();
  const results = await Promise.allSettled(
    files.map((file, index) =>
      prepareUploadedImage(file.path, formats[index] as ImageFormat, { signal: giveUp.signal }).catch(
        (error: unknown) => {
          // The request fails with this photo: the ones still queued need not be processed.
          giveUp.abort();
          throw error;
        },
      ),
    ),
  );
  const photos: PreparedPhoto[] = [];
  for (const [index, result] of results.entries()) {
    const file = files[index] as UploadedFile;
    const format = formats[index] as ImageFormat;
    if (result.status === "fulfilled") {
      photos.push({ ...result.value, id: randomUUID(), fileName: storedFileName(file.fileName, format, index) });
      continue;
    }
    // Photos skipped because another one failed are not what the visitor needs to hear about.
    if (giveUp.signal.aborted && result.reason === giveUp.signal.reason) continue;
    logPhotoRefusal(result.reason, format);
    return { ok: false, failure: photoFailure(result.reason, shownName(file, index), values) };
  }
  return { ok: true, photos };
}

/**
 * Queues what a lead owes by mail: the owner's notification always, the visitor's confirmation
 * only when its budgets allow (see `confirmation-limits.server.ts`). Call inside the transaction
 * that stores or releases the lead.
 */
export async function enqueueLeadMail(
  trx: Kysely<Database>,
  lead: LeadForEmail,
  options: { confirm: boolean; now: Date },
): Promise<void> {
  const env = getEnv();
  await enqueueMail(
    trx,
    ownerNotification(lead, {
      leadsTo: env.leadsTo,
      maxAttachmentBytes: env.mailMaxAttachmentBytes,
      siteUrl: env.siteUrl,
    }),
    options.now,
  );
  if (options.confirm) await enqueueMail(trx, visitorConfirmation(lead, env.leadsTo), options.now);
}

async function storeLead(
  values: EstimateValues,
  photos: readonly PreparedPhoto[],
  request: Request,
  options: EstimateSubmissionOptions,
  spamReason: string | undefined,
  sourcePath: string | undefined,
  keyed: KeyedRequest | undefined,
): Promise<string> {
  const { db } = await getDatabase();
  const id = randomUUID();
  const now = new Date();
  const stored: EstimateValues = { ...values, phone: formatUsPhone(values.phone) };
  const ipHash = await hashClientIp(db, options.clientIp);
  const storedPhotos: StoredPhoto[] = photos.map((photo) => ({
    id: photo.id,
    fileName: photo.fileName,
    contentType: photo.contentType,
    bytes: photo.data.length,
  }));
  const lead = { id, createdAt: now, values: stored, photos: storedPhotos };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("leads")
      .values({
        id,
        created_at: timestamp(now),
        ...stored,
        ip_hash: ipHash,
        user_agent: request.headers.get("user-agent")?.slice(0, 500) ?? null,
        quarantined_at: spamReason === undefined ? null : timestamp(now),
        spam_reason: spamReason ?? null,
        source_path: sourcePath ?? null,
        search_text: leadSearchText(stored),
      })
      .execute();
    // Straight after the lead: a second copy of the request fails here, before its photos are written.
    if (keyed) await recordKey(trx, keyed, id, now);
    // Spent only once the key is ours: a copy of this request that loses the race to store it must
    // not use up the address's one confirmation a day before the copy that wins asks for it. On
    // SQLite the budgets share this connection, so a failed transaction gives the budget back; on
    // PostgreSQL a losing copy waits at the key above and never gets here.
    const confirm = spamReason === undefined && (await mayConfirm(stored.email));
    for (const [position, photo] of photos.entries()) {
      await trx
        .insertInto("lead_photos")
        .values({
          id: photo.id,
          lead_id: id,
          position,
          file_name: photo.fileName,
          content_type: photo.contentType,
          bytes: photo.data.length,
          data: photo.data,
          width: photo.width,
          height: photo.height,
        })
        .execute();
    }
    if (spamReason === undefined) {
      await enqueueLeadMail(trx, lead, { confirm, now });
      await enqueueNewLeadPush(trx, { id, ...stored, photoCount: photos.length }, now);
    }
  });
  if (spamReason === undefined) nudgeMailWorkers();
  return id;
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
      return { status: 400, success: false, error: INVALID_KEY_MESSAGE, values: valuesOf(form) };
    }
    const outcome = await handleParsedSubmission(form, request, options, key.kind === "key" ? key.key : undefined);
    return !outcome.success && key.kind === "key" ? { ...outcome, idempotencyKey: key.key } : outcome;
  } finally {
    await form.dispose();
  }
}

const intake = new Semaphore(IMAGE_WORK_SLOTS);

const COULD_NOT_SAVE = "We could not save your request. Please try again or call us directly.";

const inFlight = createInFlightRequests<EstimateOutcome>((outcome) => (outcome.success ? outcome.leadId : undefined));

/** The answer to a copy of a request whose lead is already stored: the first answer, or 422 for other text. */
function replayOutcome(
  keyed: KeyedRequest,
  stored: { leadId: string; fingerprint: string },
  values: EstimateValues,
): EstimateOutcome {
  if (stored.fingerprint !== keyed.fingerprint) {
    log("info", "estimate request refused", { status: 422, reason: "idempotency key reused with other text" });
    return { status: 422, success: false, error: KEY_REUSED_MESSAGE, values };
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

  const values = valuesOf(form);
  const fieldErrors = validateEstimateFields(values);
  if (Object.keys(fieldErrors).length > 0) {
    log("info", "estimate request refused", {
      status: 400,
      reason: "invalid fields",
      fields: Object.keys(fieldErrors),
    });
    return { status: 400, success: false, error: Object.values(fieldErrors).join(" "), fieldErrors, values };
  }

  if (!idempotencyKey) return storeSubmission(form, values, request, options, spamReason, undefined);
  const keyed: KeyedRequest = { key: idempotencyKey, fingerprint: requestFingerprint(values) };
  let db: Kysely<Database>;
  try {
    ({ db } = await getDatabase());
  } catch (error) {
    log("error", "estimate request could not be stored", { error: describeError(error) });
    return { status: 500, success: false, error: COULD_NOT_SAVE, values };
  }
  const result = await inFlight(db, keyed, () => storeSubmission(form, values, request, options, spamReason, keyed));
  return result.kind === "stored" ? replayOutcome(keyed, result, values) : result.value;
}

async function storeSubmission(
  form: ParsedForm,
  values: EstimateValues,
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
      const checked = await preparePhotos(form.files, values);
      if (!checked.ok) return checked;
      const sourcePath = localSourcePath(form.fields.get(SOURCE_FIELD));
      const leadId = await storeLead(values, checked.photos, request, options, spamReason, sourcePath, keyed);
      return { ...checked, leadId };
    });
    if (!stored.ok) {
      log("info", "estimate request refused", { status: stored.failure.status, reason: "photo" });
      return stored.failure;
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
    if (keyed && winner) return replayOutcome(keyed, winner, values);
    log("error", "estimate request could not be stored", { error: describeError(error) });
    return { status: 500, success: false, error: COULD_NOT_SAVE, values };
  }
}

async function lookUpWinner(key: string): Promise<{ leadId: string; fingerprint: string } | undefined> {
  try {
    return await findKeyedLead((await getDatabase()).db, key);
  } catch {
    return undefined;
  }
}
