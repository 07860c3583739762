import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

export type DraftValues = Record<string, string | boolean>;

export interface LeadDraft {
  values: DraftValues;
  /**
   * When the visitor first saw this form, as the API signed it (GET /api/leads/start). Kept with the draft, so a
   * reload never restarts the fill-time clock.
   */
  started?: string;
  savedAt: number;
  /** The idempotency key of the last attempt and what it sent: resending the same content reuses the key. */
  attempt?: { key: string; fingerprint: string };
}

interface DraftState {
  drafts: Record<string, LeadDraft>;
  begin(draftKey: string, now?: number): LeadDraft;
  saveValues(draftKey: string, values: DraftValues): void;
  recordStart(draftKey: string, started: string): void;
  recordAttempt(draftKey: string, attempt: { key: string; fingerprint: string }): void;
  forget(draftKey: string): void;
}

/** A draft older than this is dropped: what a visitor typed should outlive a reload, not linger on a shared PC. */
export const DRAFT_MAX_AGE_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * Team leads' unsent enquiries, kept in localStorage until the API has acknowledged them, so a reload, a crash or
 * a dropped connection never loses what a visitor typed.
 */
export const useDraftStore = create<DraftState>()(
  persist(
    (set, get) => ({
      drafts: {},
      begin(draftKey, now = Date.now()) {
        const existing = get().drafts[draftKey];
        if (existing) return existing;
        const draft: LeadDraft = { values: {}, savedAt: now };
        set((s) => ({ drafts: { ...s.drafts, [draftKey]: draft } }));
        return draft;
      },
      saveValues(draftKey, values) {
        set((s) => {
          const draft = s.drafts[draftKey] ?? { values: {}, savedAt: Date.now() };
          return { drafts: { ...s.drafts, [draftKey]: { ...draft, values, savedAt: Date.now() } } };
        });
      },
      recordStart(draftKey, started) {
        set((s) => {
          const draft = s.drafts[draftKey] ?? { values: {}, savedAt: Date.now() };
          return { drafts: { ...s.drafts, [draftKey]: { ...draft, started } } };
        });
      },
      recordAttempt(draftKey, attempt) {
        set((s) => {
          const draft = s.drafts[draftKey];
          return draft ? { drafts: { ...s.drafts, [draftKey]: { ...draft, attempt } } } : s;
        });
      },
      forget(draftKey) {
        set((s) => {
          const { [draftKey]: _sent, ...rest } = s.drafts;
          return { drafts: rest };
        });
      },
    }),
    {
      name: "leads:drafts",
      // 2: the start is the API's signed token (version 1 kept the browser's own clock, which the API ignores now)
      version: 2,
      migrate: (persisted) => persisted as DraftState,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ drafts: s.drafts }),
      merge: (persisted, current) => {
        const drafts = (persisted as Partial<DraftState> | undefined)?.drafts ?? {};
        const freshSince = Date.now() - DRAFT_MAX_AGE_MS;
        const fresh = Object.fromEntries(Object.entries(drafts).filter(([, d]) => d.savedAt >= freshSince));
        return { ...current, drafts: fresh };
      },
    },
  ),
);
