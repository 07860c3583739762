import { z } from "zod/mini";

export const siteSectionItemSchema = z.object({
  title: z.string().check(z.minLength(1)),
  link: z.string().check(z.regex(/^[a-z0-9-]+$/)),
});
