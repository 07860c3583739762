import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  /** The envelope's recipients (what the sender asked the server to deliver to) */
  to: string[];
  from: string;
  mail: ParsedMail;
  raw: string;
}

/**
 * A real SMTP server (Nodemailer's smtp-server) that keeps what it receives. `mode` makes it misbehave the way a
 * mail server does: "tempfail" answers 421 to every message, "hang" never answers a recipient (a send in flight).
 */
export class SmtpCatcher {
  readonly mails: CaughtMail[] = [];
  mode: "accept" | "tempfail" | "hang" = "accept";
  /** Sends that reached a recipient while hanging (a test waits for one before killing the sender) */
  hanging = 0;
  private server: SMTPServer | null = null;

  constructor(public port = 0) {}

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      closeTimeout: 50,
      onRcptTo: (_address, _session, callback) => {
        if (this.mode === "hang") {
          this.hanging += 1;
          return;
        }
        if (this.mode === "tempfail") {
          return callback(Object.assign(new Error("Service not available, try again later"), { responseCode: 421 }));
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", async () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          const mail = await simpleParser(raw);
          this.mails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            mail,
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    // a client killed mid-send (the worker tests do it) resets its connection: expected here, not a failure
    server.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") throw error;
    });
    this.port = (server.server.address() as { port: number }).port;
    this.server = server;
    return this;
  }

  /** Down: the port refuses connections (and open ones are cut) until start() again. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  to(address: string) {
    return this.mails.filter((m) => m.to.includes(address));
  }
}

/** Waits until `check` holds, polling; fails with `what` after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
