import type { ReviewItem } from '@fipay/contracts/company';
import type { ReviewTarget } from '@fipay/contracts/kyb-options';
import { useAuthStore } from '../../stores/auth-store';

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
 * What the compliance team asked the company to change, from the company the session holds
 * (the dashboard refreshes it). Empty outside CHANGES_REQUESTED.
 */
export function useChangeRequest(): ChangeRequest {
  const application = useAuthStore((state) => state.company?.application);
  const active = application?.status.code === 'CHANGES_REQUESTED';
  const items = active ? (application?.reviewItems ?? []) : [];
  return {
    active,
    items,
    itemFor: (target, key) => items.find((item) => item.target === target && item.key === key),
    has: (target) => items.some((item) => item.target === target),
  };
}

/** Records in the session's copy that items were dealt with (the server did the same). */
export function markAddressed(target: ReviewTarget, keys?: string[]) {
  const { company } = useAuthStore.getState();
  if (!company?.application.reviewItems) return;
  const reviewItems = company.application.reviewItems.map((item) =>
    item.target === target && (!keys || keys.includes(item.key)) ? { ...item, addressed: true } : item,
  );
  useAuthStore.setState({ company: { ...company, application: { ...company.application, reviewItems } } });
}

