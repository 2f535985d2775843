import { approveRepresentativeRequest, kybMessages } from '@fipay/contracts/kyb';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { CardLayout } from '../../components/layouts/card-layout';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/server-errors';
import { approveRepresentative } from './api/approve-representative';

const approvalFailed = 'Approval failed. Please try again.';

// The person types only their name; the rest of the request comes from the link.
const formSchema = approveRepresentativeRequest.pick({ fullName: true });
type Fields = z.input<typeof formSchema>;

export function ApproveRepPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const companyId = params.get('companyId') ?? '';
  const repId = params.get('repId') ?? '';
  const token = params.get('token') ?? '';
  const linkIsComplete = companyId !== '' && repId !== '' && token !== '';

  const { register, handleSubmit, setError, clearErrors, formState } = useForm<Fields, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { fullName: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;
  // Busy from the submit until the page is left: a success goes to the thank-you page.
  const isSubmitting = formState.isSubmitting || formState.isSubmitSuccessful;
  const [formError, setFormError] = useState<string | null>(linkIsComplete ? null : kybMessages.approvalInvalid);

  async function submit({ fullName }: z.output<typeof formSchema>) {
    setFormError(null);
    try {
      await approveRepresentative({ companyId, repId, token, fullName });
      toast.success(kybMessages.approvalSuccess);
      navigate(paths.thankYou, { replace: true });
    } catch (error) {
      const message = errorMessage(error, approvalFailed, approvalFailed);
      toast.error(message);
      setFormError(message);
      applyServerErrors(setError, error, ['fullName']);
      throw error;
    }
  }

  function handleFormSubmit(event: FormEvent<HTMLFormElement>) {
    // The link is checked before the name, as it is what the person cannot fix here.
    if (!linkIsComplete) {
      event.preventDefault();
      setFormError(kybMessages.approvalInvalid);
      toast.error(kybMessages.approvalInvalid);
      return;
    }
    void handleSubmit(submit)(event).catch(() => {});
  }

  return (
    <CardLayout>
      <form onSubmit={handleFormSubmit} noValidate className="space-y-5">
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
          error={errors.fullName?.message}
          {...register('fullName', { onChange: () => clearErrors('fullName') })}
        />
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Submitting...' : 'I Approve and Consent'}
        </Button>
      </form>
    </CardLayout>
  );
}
