import { type LeadFormId, leadFormLabels } from "shared-types";
import type { FormValues } from "./form-values";
import type { FieldErrors } from "./use-form-fields";

/**
 * The shared rules (shared-types leadFormValuesSchema), loaded when a form is first checked, not with the page:
 * each refused field with the first reason the schema gives for it.
 */
export function sharedRules(form: LeadFormId): (values: FormValues) => Promise<FieldErrors<FormValues>> {
  return async (values) => {
    const { leadFormValuesSchema } = await import("shared-types/schemas");
    const result = leadFormValuesSchema(form, leadFormLabels(form)).safeParse(values);
    const errors: FieldErrors<FormValues> = {};
    for (const issue of result.success ? [] : result.error.issues) {
      const name = issue.path[0] as keyof FormValues | undefined;
      if (name && !errors[name]) errors[name] = issue.message;
    }
    return errors;
  };
}
