import type { Application, DocumentRecord } from '@fipay/contracts/company';
import { MAX_DOCUMENT_BYTES } from '@fipay/contracts/kyb-options';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { useKycStore } from '../../stores/kyc-store';
import { sessionFixture } from '../../test/session-fixture';
import { DocumentsStep } from './documents-step';
import { renderKycRoute, requestBody, savedCompany, setSavedCompany, stubFetch } from './kyc-test-utils';

const session = sessionFixture();
const companyId = session.company.id;
const presignedUrl = `http://localhost:3000/api/v1/uploads/companies/${companyId}/documents/1700-abc-dd.pdf?expires=1700&contentType=application%2Fpdf&signature=s1`;

/** Stands in for the browser's XMLHttpRequest so a test decides when the upload progresses and how it ends. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  progress(percent: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 });
  }
  finish(status: number) {
    this.status = status;
    this.onload?.();
  }
}

function savedDocument(docKey: DocumentRecord['docKey'], name: string): DocumentRecord {
  return {
    id: `doc-${docKey}`,
    companyId,
    userId: session.user.id,
    name,
    fileUrl: `http://localhost:3000/api/v1/uploads/companies/${companyId}/documents/${name}`,
    objectKey: `companies/${companyId}/documents/${name}`,
    docKey,
    isCAC: docKey === 'certificate',
    cacRegNumber: docKey === 'certificate' ? 'RC1234567' : null,
    contentType: 'application/pdf',
    size: 52000,
    viewUrl: `http://localhost:3000/api/v1/uploads/companies/${companyId}/documents/${name}?signature=view`,
    uploadedAt: '2026-11-20T10:00:00.000Z',
  };
}

const pdf = (name: string, bytes = 2048) => {
  const file = new File(['%PDF-1.7'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

const ok = (data: unknown, message = 'OK') => ({ body: { isSuccessful: true, message, data } });

/** The company query's answer with these documents saved (and whatever else the application holds). */
function savedWith(documents: DocumentRecord[], application: Partial<Application> = {}) {
  setSavedCompany({ ...session.company, application: { ...session.company.application, documents, ...application } });
}

function renderStep() {
  return renderKycRoute('/kyc/documents', [{ path: '/kyc/documents', Component: DocumentsStep }]);
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });

describe('DocumentsStep', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(session);
    useKycStore.getState().reset();
    savedWith([]);
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows one slot per document with the CAC number and proof-of-address hints', () => {
    renderStep();
    expect(screen.getByRole('heading', { name: 'Upload verification documents' })).toBeInTheDocument();
    for (const name of ['Certificate of Incorporation', 'Proof of Address', 'MEMART', 'Due Diligence Questionnaire']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('region', { name: 'Operating License (optional)' })).toBeInTheDocument();
    expect(screen.getByText('Input should include the registration code prefix i.e. BN, LLC, RC')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('RC11111010')).toBeInTheDocument();
    expect(screen.getByText(/not older than 3 months before the submission date/)).toBeInTheDocument();
    expect(screen.getByLabelText('Upload MEMART')).toHaveAttribute('accept', '.pdf,.png,.jpg,.jpeg,.docx');
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
  });

  it('refuses a file over 5 MB before asking for an upload URL', async () => {
    const fetchMock = stubFetch(ok(presignedUrl));
    const { user } = renderStep();
    await user.upload(screen.getByLabelText('Upload MEMART'), pdf('memart.pdf', MAX_DOCUMENT_BYTES + 1));

    const slot = screen.getByRole('region', { name: 'MEMART' });
    expect(within(slot).getByRole('alert')).toHaveTextContent('File exceeds 5MB.');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('refuses a file type that is not allowed', async () => {
    const fetchMock = stubFetch(ok(presignedUrl));
    renderStep();
    // The picker's accept list can be bypassed (drag and drop, "All files"), so the step checks again.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Upload MEMART'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));

    const slot = screen.getByRole('region', { name: 'MEMART' });
    expect(within(slot).getByRole('alert')).toHaveTextContent('Only PDF, PNG, JPG and DOCX files are allowed.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for a presigned URL, PUTs the file with its content type and keeps the URL without its query', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1700000000000);
    const fetchMock = stubFetch(ok(presignedUrl, 'Upload URL created.'));
    const { user } = renderStep();
    const file = pdf('cac.pdf');
    await user.upload(screen.getByLabelText('Upload Certificate of Incorporation'), file);

    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/aws/upload-url');
    expect(fetchMock.mock.calls[0]![1]!.method).toBe('POST');
    expect(requestBody(fetchMock)).toEqual({
      objectKey: 'documents/kyc/1700000000000-cac.pdf',
      expirySeconds: 3600,
      contentType: 'application/pdf',
    });
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe(presignedUrl);
    expect(xhr.headers['Content-Type']).toBe('application/pdf');
    expect(xhr.body).toBe(file);

    act(() => xhr.progress(40));
    expect(screen.getByRole('progressbar', { name: 'Uploading cac.pdf' })).toHaveAttribute('aria-valuenow', '40');
    await act(async () => xhr.finish(200));

    expect(await screen.findByText('cac.pdf uploaded')).toBeInTheDocument();
    expect(useKycStore.getState().documents).toEqual([
      {
        name: 'cac.pdf',
        fileUrl: `http://localhost:3000/api/v1/uploads/companies/${companyId}/documents/1700-abc-dd.pdf`,
        objectKey: `/api/v1/uploads/companies/${companyId}/documents/1700-abc-dd.pdf`,
        docKey: 'certificate',
        isCAC: true,
        contentType: 'application/pdf',
        size: file.size,
      },
    ]);
    const slot = screen.getByRole('region', { name: 'Certificate of Incorporation' });
    expect(within(slot).getByText('cac.pdf')).toBeInTheDocument();
    expect(within(slot).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says the upload failed when no presigned URL comes back, and when storage refuses the file as too large', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(ok(''), ok(presignedUrl));
    const { user } = renderStep();
    await user.upload(screen.getByLabelText('Upload MEMART'), pdf('memart.pdf'));
    // The toast and the slot both say so.
    expect(await screen.findAllByText('Upload failed')).toHaveLength(2);
    expect(logged).toHaveBeenCalledWith('No presigned URL returned');
    expect(FakeXhr.sent).toHaveLength(0);

    await user.upload(screen.getByLabelText('Upload MEMART'), pdf('memart.pdf'));
    await act(async () => FakeXhr.sent[0]!.finish(413));
    const slot = screen.getByRole('region', { name: 'MEMART' });
    expect(within(slot).getByRole('alert')).toHaveTextContent('File exceeds 5MB.');
    expect(useKycStore.getState().documents).toEqual([]);
  });

  it('enables Continue only with the four required documents, then submits them and goes to step 4', async () => {
    savedWith([savedDocument('certificate', 'cac.pdf'), savedDocument('proofOfAddress', 'bill.pdf'), savedDocument('memart', 'memart.pdf')]);
    const fetchMock = stubFetch(ok(presignedUrl));
    const { user, router } = renderStep();

    const certificate = screen.getByRole('region', { name: 'Certificate of Incorporation' });
    expect(within(certificate).getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      expect.stringContaining('cac.pdf?signature=view'),
    );
    expect(screen.getByLabelText('CAC Registration Number')).toHaveValue('RC1234567');
    expect(continueButton()).toBeDisabled();

    await user.upload(screen.getByLabelText('Upload Due Diligence Questionnaire'), pdf('ddq.pdf'));
    await act(async () => FakeXhr.sent[0]!.finish(200));
    expect(continueButton()).toBeEnabled();

    // Removing a required document disables Continue again; the optional licence is never needed.
    await user.click(screen.getByRole('button', { name: 'Remove MEMART' }));
    expect(continueButton()).toBeDisabled();
    await user.upload(screen.getByLabelText('Upload MEMART'), pdf('memart-v2.pdf'));
    await act(async () => FakeXhr.sent[1]!.finish(200));
    expect(continueButton()).toBeEnabled();

    const saved = [
      savedDocument('certificate', 'cac.pdf'),
      savedDocument('proofOfAddress', 'bill.pdf'),
      savedDocument('memart', 'memart-v2.pdf'),
      savedDocument('dueDiligence', 'ddq.pdf'),
    ];
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ isSuccessful: true, message: 'Documents submitted!', data: saved }), { status: 200 }),
    );
    await user.clear(screen.getByLabelText('CAC Registration Number'));
    await user.type(screen.getByLabelText('CAC Registration Number'), 'bn2020');
    await user.click(continueButton());

    expect(await screen.findByRole('heading', { name: '/kyc/representative screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/kyc/representative');
    expect(screen.getByText('Documents submitted!')).toBeInTheDocument();
    const submitCall = fetchMock.mock.calls.findIndex(([url]) => url === '/api/v1/company/documents');
    const body = requestBody(fetchMock, submitCall) as { docKey: string; cacRegNumber?: string; fileUrl: string }[];
    expect(body.map((doc) => doc.docKey)).toEqual(['certificate', 'proofOfAddress', 'memart', 'dueDiligence']);
    expect(body[0]).toMatchObject({ name: 'cac.pdf', isCAC: true, cacRegNumber: 'BN2020' });
    expect(body[2]!.fileUrl).not.toContain('?');
    expect(body.slice(1).every((doc) => !('cacRegNumber' in doc))).toBe(true);
    expect(savedCompany()?.application).toMatchObject({ documents: saved, progress: { currentStep: 4 } });
    expect(useKycStore.getState().documents).toEqual([]);
  });

  it('checks the CAC number before sending, and shows the server message and field errors on failure', async () => {
    savedWith(
      ['certificate', 'proofOfAddress', 'memart', 'dueDiligence'].map((key) =>
        savedDocument(key as DocumentRecord['docKey'], `${key}.pdf`),
      ),
    );
    const fetchMock = stubFetch(
      {
        status: 422,
        body: {
          isSuccessful: false,
          message: 'MEMART: the file was not found. Upload it again.',
          data: { code: 'UNPROCESSABLE', errors: { memart: 'MEMART: the file was not found. Upload it again.' } },
        },
      },
      new TypeError('Failed to fetch'),
    );
    const { user } = renderStep();
    const cac = screen.getByLabelText('CAC Registration Number');
    await user.clear(cac);
    await user.type(cac, 'XY123');
    await user.click(continueButton());
    expect(screen.getByText('Input should include the registration code prefix i.e. BN, LLC, RC')).toHaveClass('text-red-600');
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(cac);
    await user.type(cac, 'RC11111010');
    await user.click(continueButton());
    const memart = screen.getByRole('region', { name: 'MEMART' });
    expect(await within(memart).findByRole('alert')).toHaveTextContent('MEMART: the file was not found. Upload it again.');
    // Under the slot, in the step's banner and in the toast.
    expect(screen.getAllByText('MEMART: the file was not found. Upload it again.')).toHaveLength(3);
    expect(continueButton()).toBeEnabled();

    await user.click(continueButton());
    expect(await screen.findAllByText('Submission failed.')).not.toHaveLength(0);
  });

  it('puts each server field error under the slot its key names, whatever the message says', async () => {
    savedWith(
      ['certificate', 'proofOfAddress', 'memart', 'dueDiligence'].map((key) =>
        savedDocument(key as DocumentRecord['docKey'], `${key}.pdf`),
      ),
    );
    stubFetch({
      status: 400,
      body: {
        isSuccessful: false,
        message: 'Please correct the highlighted fields.',
        data: {
          code: 'VALIDATION_FAILED',
          errors: { proofOfAddress: 'The file is empty. Upload it again.', 'certificate.cacRegNumber': 'This number is already registered.' },
        },
      },
    });
    const { user } = renderStep();
    await user.click(continueButton());

    const proofOfAddress = screen.getByRole('region', { name: 'Proof of Address' });
    expect(await within(proofOfAddress).findByRole('alert')).toHaveTextContent('The file is empty. Upload it again.');
    for (const name of ['Certificate of Incorporation', 'MEMART', 'Due Diligence Questionnaire']) {
      expect(within(screen.getByRole('region', { name })).queryByText('The file is empty. Upload it again.')).toBeNull();
    }
    expect(screen.getByText('This number is already registered.')).toHaveClass('text-red-600');
  });

  it("puts the server's error for the certificate's number under the CAC field of the certificate slot", async () => {
    savedWith(
      ['certificate', 'proofOfAddress', 'memart', 'dueDiligence'].map((key) =>
        savedDocument(key as DocumentRecord['docKey'], `${key}.pdf`),
      ),
    );
    stubFetch({
      status: 409,
      body: {
        isSuccessful: false,
        message: 'This number is already registered.',
        data: { code: 'CONFLICT', errors: { 'certificate.cacRegNumber': 'This number is already registered.' } },
      },
    });
    const { user } = renderStep();
    await user.click(continueButton());

    const certificate = screen.getByRole('region', { name: 'Certificate of Incorporation' });
    const cac = within(certificate).getByLabelText('CAC Registration Number');
    await vi.waitFor(() => expect(cac).toHaveAccessibleDescription('This number is already registered.'));
    expect(cac).toHaveAttribute('aria-invalid', 'true');
    // The number's error is the field's, not the slot's: no file error under the certificate.
    expect(within(certificate).queryByRole('alert')).not.toBeInTheDocument();

    await user.type(cac, '1');
    expect(cac).not.toHaveAttribute('aria-invalid');
  });

  it("clears the documents uploaded here when the user leaves with 'I'll do this later'", async () => {
    useKycStore.setState({
      documents: [
        {
          name: 'memart.pdf',
          fileUrl: 'http://localhost:3000/api/v1/uploads/x/memart.pdf',
          objectKey: '/api/v1/uploads/x/memart.pdf',
          docKey: 'memart',
          isCAC: false,
          contentType: 'application/pdf',
          size: 10,
        },
      ],
    });
    const { user, router } = renderStep();
    expect(screen.getByText('memart.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "I'll do this later" }));
    await user.click(await screen.findByRole('button', { name: 'Yes, leave' }));

    expect(router.state.location.pathname).toBe('/dashboard');
    expect(useKycStore.getState().documents).toEqual([]);
  });
});

describe('DocumentsStep while changes are requested', () => {
  const flagged = {
    id: 'item-1',
    target: 'document' as const,
    key: 'proofOfAddress',
    label: 'Proof of Address',
    reason: 'blurry' as const,
    reasonLabel: 'The file is blurry or unreadable.',
    note: null,
    message: 'Proof of Address: The file is blurry or unreadable.',
    step: 3,
    addressed: false,
    requestedAt: '2026-11-22T10:00:00.000Z',
  };

  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(session);
    useKycStore.getState().reset();
    savedWith(
      [
        savedDocument('certificate', 'cac.pdf'),
        savedDocument('proofOfAddress', 'bill.pdf'),
        savedDocument('memart', 'memart.pdf'),
        savedDocument('dueDiligence', 'dd.pdf'),
      ],
      { status: { code: 'CHANGES_REQUESTED' }, reviewItems: [flagged] },
    );
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the reason on the flagged slot, keeps the others as accepted, and sends only the flagged file anew', async () => {
    const fetchMock = stubFetch(ok(presignedUrl), ok([], 'Documents submitted!'));
    const { user, router } = renderStep();

    const proof = screen.getByRole('region', { name: 'Proof of Address' });
    expect(within(proof).getByText('Needs a new file')).toBeInTheDocument();
    expect(within(proof).getByText('Proof of Address: The file is blurry or unreadable.')).toBeInTheDocument();
    // The old file is not offered: a new one must be uploaded.
    expect(within(proof).queryByText('bill.pdf')).not.toBeInTheDocument();
    expect(within(proof).getByLabelText('Upload Proof of Address')).toBeInTheDocument();

    const memart = screen.getByRole('region', { name: 'MEMART' });
    expect(within(memart).getByText('Accepted')).toBeInTheDocument();
    expect(within(memart).getByText('memart.pdf')).toBeInTheDocument();
    expect(within(memart).queryByRole('button', { name: 'Remove MEMART' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('CAC Registration Number')).toHaveAttribute('readonly');
    // An empty optional slot that was not flagged cannot be filled now.
    const license = screen.getByRole('region', { name: 'Operating License (optional)' });
    expect(within(license).queryByLabelText('Upload Operating License')).not.toBeInTheDocument();
    expect(within(license).getByText(/Only the documents our compliance team flagged can change now/)).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();

    await user.upload(within(proof).getByLabelText('Upload Proof of Address'), pdf('bill-new.pdf'));
    await act(async () => FakeXhr.sent[0]!.finish(200));
    expect(await within(proof).findByText('bill-new.pdf')).toBeInTheDocument();
    expect(within(proof).getByText('New file added')).toBeInTheDocument();
    expect(continueButton()).toBeEnabled();

    await user.click(continueButton());
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/kyc/representative'));
    const sent = requestBody(fetchMock, 1) as { docKey: string; name: string; objectKey: string }[];
    expect(sent.map((doc) => [doc.docKey, doc.name])).toEqual([
      ['certificate', 'cac.pdf'],
      ['proofOfAddress', 'bill-new.pdf'],
      ['memart', 'memart.pdf'],
      ['dueDiligence', 'dd.pdf'],
    ]);
    expect(sent.find((doc) => doc.docKey === 'memart')!.objectKey).toBe(`companies/${companyId}/documents/memart.pdf`);
    expect(savedCompany()?.application.reviewItems?.[0]?.addressed).toBe(true);
    expect(useAuthStore.getState().company?.application.reviewItems?.[0]?.addressed).toBe(true);
  });
});
