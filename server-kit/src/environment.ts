import { z } from "zod";

/** An environment variable read by a parser that throws on a wrong value: its message becomes the variable's issue. */
export const checkedVariable = <T>(read: (value: string) => T) =>
  z
    .string()
    .default("")
    .transform((value, context) => {
      try {
        return read(value);
      } catch (error) {
        context.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    });
