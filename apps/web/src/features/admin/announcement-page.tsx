import { zodResolver } from '@hookform/resolvers/zod';
import {
  ANNOUNCEMENT_BODY_MAX,
  createAnnouncementRequest,
  type AdminAnnouncement,
  type CreateAnnouncementRequest,
  type UpdateAnnouncementRequest,
} from '@fipay/contracts/announcements';
import { useQuery } from '@tanstack/react-query';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import { useState } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { MarkdownArticle } from '../../components/markdown-article';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { inputClasses, TextField } from '../../components/ui/field';
import { QueryState } from '../../components/ui/query-state';
import { adminAnnouncementPath, NEW_ANNOUNCEMENT, paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/server-errors';
import { useAdminSession } from './admin-session';
import { announcementQueryOptions, useAnnouncementChange } from './api/announcements-api';
import { formatDateTime } from './components/format';

type FormValues = { title: string; body: string; linkUrl: string; linkLabel: string; expiresAt: string };
const FIELDS = ['title', 'body', 'linkUrl', 'linkLabel', 'expiresAt'] as const;

/** A `datetime-local` value (the admin's own clock) as an ISO time, or as typed when it is not one (the contract then says so). */
function fromLocalInput(value: string): string | null {
  if (!value.trim()) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

const toRequest = (values: FormValues): CreateAnnouncementRequest => ({
  title: values.title,
  body: values.body,
  linkUrl: values.linkUrl.trim() ? values.linkUrl : null,
  linkLabel: values.linkLabel.trim() ? values.linkLabel : null,
  expiresAt: fromLocalInput(values.expiresAt),
});

// The form checks what the request's contract checks, each message under its field; the server adds the link's pairing and the expiry's future.
const formSchema = z.object({ title: z.string(), body: z.string(), linkUrl: z.string(), linkLabel: z.string(), expiresAt: z.string() }).superRefine((values, ctx) => {
  const parsed = createAnnouncementRequest.safeParse(toRequest(values));
  if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});

const valuesOf = (item: AdminAnnouncement | null): FormValues => ({
  title: item?.title ?? '',
  body: item?.body ?? '',
  linkUrl: item?.link?.url ?? '',
  linkLabel: item?.link?.label ?? '',
  expiresAt: toLocalInput(item?.expiresAt ?? null),
});

const statusTone: Record<AdminAnnouncement['status'], string> = {
  draft: 'bg-slate-100 text-slate-700 ring-slate-200',
  published: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  archived: 'bg-amber-50 text-amber-800 ring-amber-200',
};
const statusNames: Record<AdminAnnouncement['status'], string> = { draft: 'Draft', published: 'Published', archived: 'Archived' };

const previewDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Africa/Lagos' });

/** What businesses will read on the Community page, as the admin types. */
function Preview({ control, publishedAt }: { control: Control<FormValues>; publishedAt: string | null }) {
  const [title, body, linkUrl, linkLabel] = useWatch({ control, name: ['title', 'body', 'linkUrl', 'linkLabel'] });
  return (
    <section aria-labelledby="announcement-preview" className="space-y-2">
      <h2 id="announcement-preview" className="text-sm font-semibold text-slate-900">
        Preview
      </h2>
      <article className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <header className="space-y-1">
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{previewDate.format(publishedAt ? new Date(publishedAt) : new Date())}</p>
          <h3 className="text-base font-semibold break-words text-slate-900">{title.trim() || 'Title'}</h3>
        </header>
        {body.trim() ? <MarkdownArticle markdown={body} size="small" /> : <p className="text-sm text-slate-400">The text shows here.</p>}
        {linkUrl.trim() && linkLabel.trim() && <span className={buttonClasses('secondary', 'pointer-events-none', 'sm')}>{linkLabel}</span>}
      </article>
    </section>
  );
}

function Editor({ item }: { item: AdminAnnouncement | null }) {
  const navigate = useNavigate();
  const change = useAnnouncementChange();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: valuesOf(item), reValidateMode: 'onSubmit' });
  const { errors, isDirty, dirtyFields } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const busy = change.isPending;

  async function save(values: FormValues) {
    setFailure(null);
    const request = toRequest(values);
    try {
      if (!item) {
        const answer = await change.mutateAsync({ kind: 'create', body: request });
        toast.success(answer.message);
        navigate(adminAnnouncementPath(answer.data.id), { replace: true });
        return;
      }
      // Only what changed: an expiry that has passed may stay as it is while the text is corrected.
      const body: UpdateAnnouncementRequest = {};
      if (dirtyFields.title) body.title = request.title;
      if (dirtyFields.body) body.body = request.body;
      if (dirtyFields.linkUrl || dirtyFields.linkLabel) Object.assign(body, { linkUrl: request.linkUrl, linkLabel: request.linkLabel });
      if (dirtyFields.expiresAt) body.expiresAt = request.expiresAt;
      const answer = await change.mutateAsync({ kind: 'update', announcementId: item.id, body });
      toast.success(answer.message);
      form.reset(valuesOf(answer.data));
    } catch (error) {
      if (!applyServerErrors(form.setError, error, FIELDS, { focus: true })) setFailure(errorMessage(error, 'The announcement could not be saved.'));
    }
  }

  async function act(kind: 'publish' | 'archive') {
    if (!item) return;
    setFailure(null);
    try {
      const answer = await change.mutateAsync({ kind, announcementId: item.id });
      toast.success(answer.message);
    } catch (error) {
      setFailure(errorMessage(error, kind === 'publish' ? 'The announcement could not be published.' : 'The announcement could not be archived.'));
    }
  }

  const length = useWatch({ control: form.control, name: 'body' }).length;
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <form onSubmit={(event) => void form.handleSubmit(save)(event)} noValidate aria-label="Announcement" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 lg:col-span-3">
        <TextField label="Title" maxLength={200} error={errors.title?.message} {...form.register('title')} />
        <div className="space-y-1.5">
          <label htmlFor="announcement-body" className="block text-sm font-medium text-slate-700">
            Text
          </label>
          <textarea
            id="announcement-body"
            rows={10}
            {...form.register('body')}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={errors.body ? 'announcement-body-error' : 'announcement-body-hint'}
            className={`${inputClasses} h-auto py-2 font-mono ${errors.body ? 'border-red-500' : 'border-slate-300'}`}
          />
          {errors.body ? (
            <p id="announcement-body-error" className="text-xs font-medium text-red-600">
              {errors.body.message}
            </p>
          ) : (
            <p id="announcement-body-hint" className="text-xs text-slate-500">
              Markdown: **bold**, lists with -, [links](/dashboard/offers). {length} of {ANNOUNCEMENT_BODY_MAX} characters.
            </p>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Link (optional)" placeholder="https://… or /dashboard/…" error={errors.linkUrl?.message} {...form.register('linkUrl')} />
          <TextField label="Link label" placeholder="Read more" error={errors.linkLabel?.message} {...form.register('linkLabel')} />
        </div>
        <TextField
          label="Expires (optional)"
          type="datetime-local"
          hint={`In your time zone (${timeZone}). Businesses stop seeing it then.`}
          error={errors.expiresAt?.message}
          {...form.register('expiresAt')}
        />
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy || (item !== null && !isDirty)} className="w-full sm:w-auto">
            {busy ? 'Saving...' : item ? 'Save changes' : 'Save draft'}
          </Button>
        </div>
      </form>
      <div className="space-y-6 lg:col-span-2">
        {item && (
          <section aria-labelledby="announcement-status" className="space-y-3 rounded-xl border border-slate-200 bg-white p-5">
            <div className="flex items-center justify-between gap-2">
              <h2 id="announcement-status" className="text-sm font-semibold text-slate-900">
                Status
              </h2>
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusTone[item.status]}`}>
                {statusNames[item.status]}
                {item.expired && ' · expired'}
              </span>
            </div>
            <dl className="space-y-1 text-sm text-slate-600">
              {item.publishedAt && (
                <div>
                  <dt className="inline">Published: </dt>
                  <dd className="inline">{formatDateTime(item.publishedAt)}</dd>
                </div>
              )}
              {item.expiresAt && (
                <div>
                  <dt className="inline">{item.expired ? 'Expired' : 'Expires'}: </dt>
                  <dd className="inline">{formatDateTime(item.expiresAt)}</dd>
                </div>
              )}
              <div>
                <dt className="inline">Written by: </dt>
                <dd className="inline">{item.createdBy?.name ?? 'the first release'}</dd>
              </div>
            </dl>
            <div className="flex flex-wrap gap-2">
              {item.status !== 'published' && (
                <Button size="sm" disabled={busy || isDirty} onClick={() => void act('publish')}>
                  {item.status === 'archived' ? 'Publish again' : 'Publish'}
                </Button>
              )}
              {item.status !== 'archived' && (
                <Button size="sm" variant="secondary" disabled={busy} onClick={() => void act('archive')}>
                  {item.status === 'published' ? 'Archive (take down)' : 'Archive'}
                </Button>
              )}
            </div>
            {isDirty && item.status !== 'published' && <p className="text-xs text-slate-500">Save your changes before publishing.</p>}
          </section>
        )}
        <Preview control={form.control} publishedAt={item?.publishedAt ?? null} />
      </div>
    </div>
  );
}

/** Writes a new announcement (`/admin/announcements/new`) or edits, publishes and archives one; admins only. */
export function AnnouncementPage() {
  const role = useAdminSession((state) => state.reviewer?.role);
  const { announcementId = NEW_ANNOUNCEMENT } = useParams();
  const creating = announcementId === NEW_ANNOUNCEMENT;
  const query = useQuery({ ...announcementQueryOptions(announcementId), enabled: role === 'admin' && !creating });

  if (role !== 'admin') return <Navigate to={paths.admin} replace />;

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Link to={paths.adminAnnouncements} className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900">
          <ArrowLeftIcon aria-hidden="true" className="h-4 w-4" /> All announcements
        </Link>
        <h1 className="text-2xl font-bold break-words text-slate-900">{creating ? 'New announcement' : (query.data?.title ?? 'Announcement')}</h1>
      </div>
      {creating ? (
        <Editor item={null} />
      ) : (
        <QueryState query={query} loading="Loading the announcement…" failure="The announcement could not be loaded.">
          {(item) => <Editor key={item.id} item={item} />}
        </QueryState>
      )}
    </div>
  );
}
