import type { ReviewItem } from '@fipay/contracts/company';
import type { ReviewTarget } from '@fipay/contracts/kyb-options';
import { useSavedApplication } from './api/saved-application';

export type ChangeRequest = {
  /** The application is CHANGES_REQUESTED: only flagged items may change. */
  active: boolean;
  items: ReviewItem[];
  /** The reviewer's item for this document / representative id / 'bank', if flagged. */
  itemFor: (target: ReviewTarget, key: string) => ReviewItem | undefined;
  /** Whether any item of this target was flagged. */
  has: (target: ReviewTarget) => boolean;
};

/**
 * What the compliance team asked the company to change, from the saved application (the company
 * query). Empty outside CHANGES_REQUESTED.
 */
export function useChangeRequest(): ChangeRequest {
  const application = useSavedApplication();
  const active = application?.status.code === 'CHANGES_REQUESTED';
  const items = active ? (application?.reviewItems ?? []) : [];
  return {
    active,
    items,
    itemFor: (target, key) => items.find((item) => item.target === target && item.key === key),
    has: (target) => items.some((item) => item.target === target),
  };
}
