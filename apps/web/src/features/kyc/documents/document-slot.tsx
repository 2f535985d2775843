import { kybMessages } from '@fipay/contracts/kyb';
import type { documentSlots } from '@fipay/contracts/kyb-options';
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import FileIcon from 'lucide-react/icons/file-text';
import TrashIcon from 'lucide-react/icons/trash-2';
import UploadIcon from 'lucide-react/icons/upload';
import { textLinkClasses } from '../../../components/ui/button';
import type { DocumentDraft } from '../../../stores/kyc-store';
import { acceptedFileTypes, documentFileProblem, uploadDocument, UploadError, uploadMessages } from './upload-document';

export type DocumentSlotDefinition = (typeof documentSlots)[number];

/** What a slot holds: a file uploaded this visit (no viewUrl yet) or the server's saved record. */
export type SlotFile = { name: string; size?: number; viewUrl?: string };

type DocumentSlotProps = {
  slot: DocumentSlotDefinition;
  file: SlotFile | null;
  hint?: ReactNode;
  /** An error for this slot from the server's answer to the submission. */
  error?: string;
  disabled?: boolean;
  onUploaded: (draft: DocumentDraft) => void;
  onRemove: () => void;
  onBusyChange: (busy: boolean) => void;
  /** Extra fields that belong to this document (the certificate's CAC number). */
  children?: ReactNode;
  /** While changes are requested: why the compliance team flagged this document (a new file is needed). */
  flag?: { message: string; replaced: boolean } | null;
  /** While changes are requested: the document was accepted and cannot be changed. */
  accepted?: boolean;
  /** While changes are requested: an empty slot that was not flagged, so nothing may be added. */
  closed?: boolean;
};

function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function DocumentSlot({
  slot,
  file,
  hint,
  error,
  disabled,
  onUploaded,
  onRemove,
  onBusyChange,
  children,
  flag,
  accepted,
  closed,
}: DocumentSlotProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<{ name: string; percent: number } | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const shownError = uploadError ?? error;

  async function handleFile(picked: File | undefined) {
    if (inputRef.current) inputRef.current.value = '';
    if (!picked || uploading) return;
    setUploadError(null);
    const problem = documentFileProblem(picked);
    if (problem) {
      setUploadError(problem);
      toast.error(problem);
      return;
    }
    setUploading({ name: picked.name, percent: 0 });
    onBusyChange(true);
    try {
      const uploaded = await uploadDocument(picked, (percent) => setUploading({ name: picked.name, percent }));
      onUploaded({
        name: picked.name,
        fileUrl: uploaded.fileUrl,
        objectKey: uploaded.objectKey,
        docKey: slot.docKey,
        isCAC: slot.isCAC,
        contentType: uploaded.contentType,
        size: picked.size,
      });
      toast.success(uploadMessages.uploaded(picked.name));
    } catch (failure) {
      if (!(failure instanceof UploadError)) console.error('Upload failed', failure);
      const message = failure instanceof UploadError ? failure.message : uploadMessages.failed;
      setUploadError(message);
      toast.error(message === kybMessages.fileTooLarge ? message : uploadMessages.failed);
    } finally {
      setUploading(null);
      onBusyChange(false);
    }
  }

  function handleDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) void handleFile(event.dataTransfer.files[0]);
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`space-y-3 rounded-xl border bg-white p-4 sm:p-5 ${flag && !flag.replaced ? 'border-amber-300' : 'border-slate-200'}`}
    >
      <div className="space-y-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
            {slot.label}
            {!slot.required && (
              <>
                {' '}
                <span className="font-normal text-slate-500">(optional)</span>
              </>
            )}
          </h2>
          {accepted && (
            <span className="inline-flex items-center rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-700">
              Accepted
            </span>
          )}
          {flag && (
            <span
              className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ${
                flag.replaced ? 'bg-brand-50 text-brand-800' : 'bg-amber-50 text-amber-800'
              }`}
            >
              {flag.replaced ? 'New file added' : 'Needs a new file'}
            </span>
          )}
        </div>
        {hint && !accepted && <p className="text-xs text-slate-500">{hint}</p>}
      </div>

      {flag && (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <span className="font-semibold">Our compliance team asked for a new file. </span>
          {flag.message}
        </p>
      )}

      {children}

      {uploading ? (
        <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="min-w-0 truncate text-slate-700">{uploading.name}</span>
            <span className="shrink-0 text-xs font-medium text-slate-500">{uploading.percent}%</span>
          </div>
          <div
            role="progressbar"
            aria-label={`Uploading ${uploading.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={uploading.percent}
            className="h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-brand-700 transition-[width]" style={{ width: `${uploading.percent}%` }} />
          </div>
        </div>
      ) : file ? (
        <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5">
          <FileIcon strokeWidth={1.75} className="h-8 w-8 shrink-0 text-brand-700" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-800">{file.name}</p>
            {file.size !== undefined && <p className="text-xs text-slate-500">{formatSize(file.size)}</p>}
          </div>
          {file.viewUrl && (
            <a href={file.viewUrl} target="_blank" rel="noopener noreferrer" className={`${textLinkClasses} text-sm`}>
              View
            </a>
          )}
          {!accepted && (
            <button
              type="button"
              onClick={() => {
                setUploadError(null);
                onRemove();
              }}
              disabled={disabled}
              aria-label={`Remove ${slot.label}`}
              className="rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-50"
            >
              <TrashIcon className="h-5 w-5" />
            </button>
          )}
        </div>
      ) : closed ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-500">
          Not provided. Only the documents our compliance team flagged can change now.
        </p>
      ) : (
        <label
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={handleDrop}
          className={`flex cursor-pointer flex-col items-center gap-1 rounded-lg border-2 border-dashed px-4 py-5 text-center transition-colors focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30 ${
            shownError ? 'border-red-300' : dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 hover:bg-slate-50'
          }`}
        >
          <UploadIcon className="h-6 w-6 text-brand-700" />
          <span className="text-sm text-slate-700">
            <span className="font-semibold text-brand-700">Click to upload</span>
            <span className="hidden sm:inline"> or drag and drop</span>
          </span>
          <span className="text-xs text-slate-500">PDF, PNG, JPG, JPEG or DOCX (max. 5MB)</span>
          <input
            ref={inputRef}
            type="file"
            accept={acceptedFileTypes}
            aria-label={`Upload ${slot.label}`}
            aria-describedby={shownError ? `${id}-error` : undefined}
            disabled={disabled}
            onChange={(event) => void handleFile(event.target.files?.[0])}
            className="sr-only"
          />
        </label>
      )}

      {shownError && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-600">
          {shownError}
        </p>
      )}
    </section>
  );
}
