import type { FastifyReply } from "fastify";
import type { DeskSpecial } from "shared-types";
import { type SpecialInput, specialInputSchema } from "shared-types/schemas";
import { ApiRefusal } from "../../staff-api.js";

/** What the editor sent, as typed: every field kept, for the form to show again with the reasons. */
export function typedSpecial(body: unknown, departments: readonly string[]): SpecialInput {
  const form = (body ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
  const department = text("department");
  return {
    department: (departments.includes(department) ? department : departments[0]) as SpecialInput["department"],
    title: text("title").trim(),
    html: text("html"),
    url: text("url").trim(),
    starts_on: text("starts_on") || null,
    ends_on: text("ends_on") || null,
  };
}

/** shared-types' rules for a special, as the editor's reasons: one per field. */
export function problemsOf(input: SpecialInput): Partial<Record<keyof SpecialInput, string>> {
  const parsed = specialInputSchema.safeParse(input);
  if (parsed.success) return {};
  const problems: Partial<Record<keyof SpecialInput, string>> = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? "title") as keyof SpecialInput;
    problems[name] ??= /expected YYYY-MM-DD/.test(issue.message) ? "Enter a date, like 2026-12-01" : issue.message;
  }
  return problems;
}

export const asTyped = ({ department, title, html, url, starts_on, ends_on }: DeskSpecial): SpecialInput => ({
  department,
  title,
  html,
  url,
  starts_on,
  ends_on,
});

/** A special gone meanwhile (another member removed it): back to the list, saying so. */
export const goneOr = async <T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiRefusal && error.status === 404) return reply.redirect("/specials?refused=gone", 303);
    throw error;
  }
};
