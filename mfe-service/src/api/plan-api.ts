import { apiPaths } from "shared-types";
import { api } from "./api-client";

/** A fleet's recurring plan as its link shows it: only the dealership's words and the units' odometers. */
export interface PlanView {
  words: string;
  every: "weeks" | "km";
  status: "active" | "stopped";
  /** A plan by weeks: the day its next visit is due */
  next_due: string | null;
  units: {
    name: string;
    unit_number: string;
    serviced_km: number | null;
    reported_km: number | null;
    due: boolean;
  }[];
  /** Its visits still to come, each with its own page's link */
  visits: { when: string; work: string[]; link: string }[];
}

/** A plan by its link; null when the link names none (404). */
export async function fetchPlanByLink(token: string): Promise<PlanView | null> {
  try {
    return (await api().get(apiPaths.servicePlan(token))).data as PlanView;
  } catch (error) {
    if ((error as { response?: { status?: number } }).response?.status === 404) return null;
    throw error;
  }
}
