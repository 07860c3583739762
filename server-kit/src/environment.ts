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

/**
 * NODE_ENV for a server that renders React: its production build unless told otherwise (the server sets it before
 * React loads; the development build checks every element as it is made, several times the cost of a render).
 */
export const reactBuildVariable = () =>
  z
    .enum(["production", "development", "test"])
    .default("production")
    .describe(
      "React's build on the server: production unless set (development checks every element, several times slower).",
    );
