import type { AdminAnnouncement, AnnouncementStatus, CreateAnnouncementRequest, UpdateAnnouncementRequest } from '@fipay/contracts/announcements';
import { announcementAdminEndpoints as endpoints } from '@fipay/contracts/endpoints/announcements';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './admin-api';

/** The operator's announcements in the back office (docs/decisions/0091-announcements-from-the-back-office.md). */
export function announcementListQueryOptions(status: AnnouncementStatus, page: number) {
  return queryOptions({
    queryKey: ['admin', 'announcements', status, page] as const,
    queryFn: ({ signal }) => call(endpoints.list, { query: { status, page }, signal }).then(({ data }) => data),
    staleTime: 0,
  });
}

export function announcementQueryOptions(announcementId: string) {
  return queryOptions({
    queryKey: ['admin', 'announcement', announcementId] as const,
    queryFn: ({ signal }) => call(endpoints.get, { params: { announcementId }, signal }).then(({ data }) => data),
    staleTime: 0,
  });
}

type Change =
  | { kind: 'create'; body: CreateAnnouncementRequest }
  | { kind: 'update'; announcementId: string; body: UpdateAnnouncementRequest }
  | { kind: 'publish' | 'archive'; announcementId: string };

function send(change: Change) {
  switch (change.kind) {
    case 'create':
      return call(endpoints.create, { body: change.body });
    case 'update':
      return call(endpoints.update, { params: { announcementId: change.announcementId }, body: change.body });
    case 'publish':
      return call(endpoints.publish, { params: { announcementId: change.announcementId } });
    case 'archive':
      return call(endpoints.archive, { params: { announcementId: change.announcementId } });
  }
}

/** Every change answers the announcement as it became: it replaces the cached one, and the lists are read again. */
export function useAnnouncementChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (answer: { message: string; data: AdminAnnouncement }) => {
      client.setQueryData(announcementQueryOptions(answer.data.id).queryKey, answer.data);
      await client.invalidateQueries({ queryKey: ['admin', 'announcements'] });
    },
  });
}
