import type { Application } from '@fipay/contracts/company';
import type { ReviewTarget } from '@fipay/contracts/kyb-options';
import type { QueryClient } from '@tanstack/react-query';
import { companyQueryOptions, updateCachedApplication, useCompanyQuery } from '../../../api/company';
import { ApiError } from '../../../lib/api-client';

/**
 * The saved KYB application every step reads: the company query (docs/decisions/0018), with the
 * session's copy standing in until it loads. The steps keep the app's default staleness, so
 * moving between them does not ask the server each time; the dashboard asks on each visit.
 */
export function useSavedApplication(): Application | null {
  return useCompanyQuery().company?.application ?? null;
}

/** Marks the flagged items of `target` named by `keys` as dealt with, as the server records them. */
export function markAddressed(application: Application, target: ReviewTarget, keys: string[]): Application {
  if (!application.reviewItems) return application;
  const reviewItems = application.reviewItems.map((item) =>
    item.target === target && keys.includes(item.key) ? { ...item, addressed: true } : item,
  );
  return { ...application, reviewItems };
}

type SavedStep = {
  /** The step (1 to 4) whose save succeeded: the checklist ticks it, as the server's progress does. */
  step: number;
  change: (application: Application) => Partial<Application>;
  /** The flagged items this save dealt with. */
  addressed?: { target: ReviewTarget; keys: string[] };
};

/** Writes a successful save into the cached application. */
export function recordSavedStep(queryClient: QueryClient, { step, change, addressed }: SavedStep) {
  updateCachedApplication(queryClient, (application) => {
    const saved = {
      ...application,
      ...change(application),
      progress: { currentStep: Math.max(application.progress.currentStep, step + 1) },
    };
    return addressed ? markAddressed(saved, addressed.target, addressed.keys) : saved;
  });
}

/**
 * A save refused because the application is not where this page thought (submitted or approved
 * meanwhile, or changes only to flagged items): the company is read again, so the steps show where
 * it is now (read-only once it is locked).
 */
export function refreshWhenRefused(queryClient: QueryClient) {
  return (error: unknown) => {
    if (error instanceof ApiError && error.code === 'CONFLICT') {
      void queryClient.invalidateQueries({ queryKey: companyQueryOptions().queryKey });
    }
  };
}
