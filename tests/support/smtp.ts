/**
 * A real SMTP server on 127.0.0.1 for the integration tests. It keeps every message it accepts
 * (parsed by mailparser), can be stopped and started again on the same port to play an outage, can
 * refuse recipients with a permanent 550, and can refuse messages over a size with 552, as a
 * provider with a message size limit does.
 */
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { readInbox } from "./delivered-mail";
import { freePort } from "./ports";

export interface ReceivedMail {
  /** Envelope recipients, as the server saw them. */
  rcptTo: string[];
  mail: ParsedMail;
}

export interface TestSmtpServer {
  port: number;
  /** An SMTP_URL for nodemailer. */
  url: string;
  received: ReceivedMail[];
  /** Refuse every recipient with this code (e.g. 550), or accept again with null. */
  refuseWith(code: number | null): void;
  /** How many recipients were refused so far. */
  refusals(): number;
  /** Refuse messages larger than this many bytes with "552 5.3.4", or accept any size again with null. */
  limitMessageSize(bytes: number | null): void;
  /** The sizes in bytes of the messages refused for their size so far. */
  sizeRefusals(): number[];
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  clear(): void;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export interface SmtpServerOptions {
  /** Refuse messages larger than this many bytes with 552 (see `limitMessageSize`). */
  maxMessageBytes?: number;
}

export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  readInbox(received);
  const waiters = new Set<() => void>();
  let refusalCode: number | null = null;
  let refused = 0;
  let maxMessageBytes: number | null = options.maxMessageBytes ?? null;
  const refusedSizes: number[] = [];
  let server: SMTPServer | undefined;

  function create(): SMTPServer {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      closeTimeout: 100,
      size: 50 * 1024 * 1024,
      onRcptTo(address, _session, callback) {
        if (refusalCode === null) return callback();
        refused++;
        const error = new Error("Mailbox unavailable") as Error & { responseCode: number };
        error.responseCode = refusalCode;
        callback(error);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("error", (error: Error) => callback(error));
        stream.on("end", () => {
          const message = Buffer.concat(chunks);
          // Decided once the whole message is in, as a server counting the DATA it receives does.
          if (maxMessageBytes !== null && message.length > maxMessageBytes) {
            refusedSizes.push(message.length);
            const error = new Error(`5.3.4 Message size exceeds fixed limit of ${maxMessageBytes} bytes`) as Error & {
              responseCode: number;
            };
            error.responseCode = 552;
            callback(error);
            return;
          }
          parse(
            message,
            session.envelope.rcptTo.map((rcpt) => rcpt.address),
            callback,
          );
        });
      },
    });
  }

  function parse(message: Buffer, rcptTo: string[], callback: (error?: Error | null) => void): void {
    simpleParser(message).then(
      (mail) => {
        received.push({ rcptTo, mail });
        for (const wake of waiters) wake();
        callback();
      },
      (error: Error) => callback(error),
    );
  }

  async function start(): Promise<void> {
    if (server) return;
    const next = create();
    await new Promise<void>((resolve, reject) => {
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        next.off("error", reject);
        resolve();
      });
    });
    next.on("error", () => undefined);
    server = next;
  }

  await start();

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseWith(code) {
      refusalCode = code;
    },
    refusals: () => refused,
    limitMessageSize(bytes) {
      maxMessageBytes = bytes;
    },
    sizeRefusals: () => refusedSizes.slice(),
    waitFor(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(received.slice());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} messages, received ${received.length} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    clear() {
      received.length = 0;
      refused = 0;
      refusedSizes.length = 0;
    },
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    start,
  };
}

/**
 * The messages to `to` whose subject matches, once there are `count` of them (the first `count`,
 * in the order they arrived). A test waits for the mail it caused by name, never for a number of
 * messages in the inbox: a late message from another test, or one the server's clock sent (the
 * morning digest, a reminder), would be counted in its place.
 */
export async function mailsTo(
  smtp: TestSmtpServer,
  to: string,
  subject: RegExp,
  count: number,
  timeoutMs = 20_000,
): Promise<ReceivedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = smtp.received.filter((m) => m.rcptTo.includes(to) && subject.test(m.mail.subject ?? ""));
    if (found.length >= count) return found.slice(0, count);
    if (Date.now() > deadline) throw new Error(`${found.length} of ${count} mails to ${to} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first message to `to` whose subject matches, waiting for it. */
export async function firstMailTo(
  smtp: TestSmtpServer,
  to: string,
  subject: RegExp,
  timeoutMs = 20_000,
): Promise<ReceivedMail> {
  const [first] = await mailsTo(smtp, to, subject, 1, timeoutMs);
  if (!first) throw new Error(`no mail to ${to} matching ${subject}`);
  return first;
}

/**
 * The messages whose subject matches that arrived after the `since`-th message of the inbox,
 * once `settleMs` has passed: for a test that asserts a refusal sent nothing, naming what must not
 * arrive (this subject, since this moment) instead of counting the whole inbox.
 */
export async function mailsSince(smtp: TestSmtpServer, since: number, subject: RegExp, settleMs = 500) {
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return smtp.received.slice(since).filter((m) => subject.test(m.mail.subject ?? ""));
}
