import type { Resolver } from "react-hook-form";
import { type LeadFormId, leadFormLabels } from "shared-types";
import type { FormValues } from "./form-values";

/** The shared rules (shared-types leadFormValuesSchema), loaded when a form is first checked, not with the page. */
export function sharedRules(form: LeadFormId): Resolver<FormValues> {
  return async (values, context, options) => {
    const [{ zodResolver }, { leadFormValuesSchema }] = await Promise.all([
      import("@hookform/resolvers/zod"),
      import("shared-types/schemas"),
    ]);
    const resolve = zodResolver(leadFormValuesSchema(form, leadFormLabels(form))) as unknown as Resolver<FormValues>;
    return resolve(values, context, options);
  };
}
