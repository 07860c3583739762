import { paths, sitePath } from "shared-types";

/**
 * The thank-you page of a form, which says what the form itself would have said, with a way back; for a form that
 * confirms (the fleet quote), the request's reference.
 */
export function thankYouPath(form: string, from: string, reference?: string): string {
  return `${paths.thankYou()}?${new URLSearchParams({
    form,
    from: sitePath(from) ?? paths.home(),
    ...(reference ? { ref: reference } : {}),
  })}`;
}
