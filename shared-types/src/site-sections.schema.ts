import { z } from "zod/mini";
// configures zod before any schema here is built: no eval (text.schema.ts)
import "./text.schema.js";

export const siteSectionItemSchema = z.object({
  title: z.string().check(z.minLength(1)),
  link: z.string().check(z.regex(/^[a-z0-9-]+$/)),
});
