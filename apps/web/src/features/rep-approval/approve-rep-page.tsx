import { kybMessages } from '@fipay/contracts/kyb';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import { CardLayout } from '../../components/layouts/card-layout';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { approveRepresentative } from './api/approve-representative';

const approvalFailed = 'Approval failed. Please try again.';

export function ApproveRepPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const companyId = params.get('companyId') ?? '';
  const repId = params.get('repId') ?? '';
  const token = params.get('token') ?? '';
  const linkIsComplete = companyId !== '' && repId !== '' && token !== '';

  const [fullName, setFullName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(linkIsComplete ? null : kybMessages.approvalInvalid);
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    if (!linkIsComplete) {
      setFormError(kybMessages.approvalInvalid);
      toast.error(kybMessages.approvalInvalid);
      return;
    }
    const name = fullName.trim();
    if (!name) {
      setNameError(kybMessages.approvalNameRequired);
      return;
    }
    setIsSubmitting(true);
    setFormError(null);
    try {
      await approveRepresentative({ companyId, repId, token, fullName: name });
      toast.success(kybMessages.approvalSuccess);
      navigate(paths.thankYou, { replace: true });
    } catch (error) {
      const message = errorMessage(error, approvalFailed, approvalFailed);
      toast.error(message);
      setFormError(message);
      setIsSubmitting(false);
    }
  }

  return (
    <CardLayout>
      <form onSubmit={handleSubmit} noValidate className="space-y-5">
        <div className="space-y-2">
          <h1 className="text-2xl font-bold text-slate-900">Representative approval</h1>
          <p className="text-sm leading-6 text-slate-600">
            By entering your full name and selecting &lsquo;I Approve and Consent&rsquo;, you confirm that you are the
            official representative of this business and agree to be listed as its primary contact.
          </p>
        </div>
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextField
          label="Full Name (for legal consent)"
          autoComplete="name"
          value={fullName}
          onChange={(event) => {
            setFullName(event.target.value);
            setNameError(null);
          }}
          error={nameError ?? undefined}
        />
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Submitting...' : 'I Approve and Consent'}
        </Button>
      </form>
    </CardLayout>
  );
}
