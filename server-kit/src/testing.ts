// Test support for the servers' suites (no server runs it): a client that trickles its request, for their time limits.
import { connect } from "node:net";

export interface SlowClientOutcome {
  /** What the server wrote back before it closed the connection ("" if nothing). */
  answer: string;
  closedAfterMs: number;
}

/**
 * For tests of a server's time limits: opens a raw connection, writes `head`, then `trickle` one character every
 * `everyMs`, and resolves when the server closes the connection, or rejects if it is still open after `giveUpMs`.
 */
export function slowClient(
  port: number,
  {
    head = "",
    trickle = "",
    everyMs = 200,
    giveUpMs = 8_000,
  }: { head?: string; trickle?: string; everyMs?: number; giveUpMs?: number },
): Promise<SlowClientOutcome> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = "";
    let timer: NodeJS.Timeout | undefined;
    const socket = connect(port, "127.0.0.1", () => {
      if (head) socket.write(head);
      let sent = 0;
      timer = setInterval(() => {
        if (sent < trickle.length && !socket.destroyed) socket.write(trickle[sent++] ?? "");
      }, everyMs);
    });
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`the server held the connection open for ${giveUpMs} ms`));
    }, giveUpMs);
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(giveUp);
      clearInterval(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}
