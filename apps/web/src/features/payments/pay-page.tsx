import { phoneField } from '@fipay/contracts/fields';
import { payLinkRequest, paymentMessages, type PayPage } from '@fipay/contracts/payments';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { applyServerErrors, hasFieldErrors } from '../../lib/server-errors';
import { formatNaira, nairaField } from './money';
import { usePayPage, useStartPayment } from './api/checkout';
import { PublicFrame, PublicLoadFailure, PublicNotice } from './components/public-frame';

/** The contract's email and name; the phone and the amount (typed in naira) depend on the link. */
const customerFields = z.object({
  email: payLinkRequest.shape.email,
  name: payLinkRequest.shape.name,
  phone: z.string(),
  amount: z.string(),
});
type Fields = z.input<typeof customerFields>;

/** The form's rules for this link: the amount when the customer sets it, the phone when the business asks. */
function schemaFor(page: PayPage) {
  return customerFields.extend({
    phone: page.collectPhone ? phoneField : z.string(),
    amount: page.amount === null ? nairaField : z.string(),
  });
}

export function PayPageRoute() {
  const { slug = '' } = useParams();
  const page = usePayPage(slug);
  if (page.isPending) return <PageSpinner />;
  if (page.isError) return <PublicLoadFailure error={page.error} notFound={{ title: 'Payment link not found', text: paymentMessages.payPageNotFound }} />;
  if (!page.data.active) return <PublicNotice title="This link is no longer active">{paymentMessages.payPageInactive}</PublicNotice>;
  if (!page.data.acceptingPayments) return <NotTakingPayments page={page.data} />;
  return <PayForm slug={slug} page={page.data} />;
}

/** A live link whose business cannot take payments now: the customer is told only that, before typing anything. */
function NotTakingPayments({ page }: { page: PayPage }) {
  return (
    <PublicFrame business={page.business} livemode={page.livemode}>
      <div className="space-y-3">
        <h1 className="text-xl font-bold text-slate-900">{page.name}</h1>
        {page.amount !== null && <p className="text-3xl font-bold tracking-tight text-slate-900">{formatNaira(page.amount)}</p>}
        <Alert tone="info">{paymentMessages.businessCannotTakePayments}</Alert>
      </div>
    </PublicFrame>
  );
}

function PayForm({ slug, page }: { slug: string; page: PayPage }) {
  const navigate = useNavigate();
  const start = useStartPayment(slug);
  const schema = schemaFor(page);
  const { register, handleSubmit, setError, formState } = useForm<Fields, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', name: '', phone: '', amount: '' },
  });
  const { errors, isSubmitting } = formState;

  async function submit(values: z.output<typeof schema>) {
    try {
      const { authorizationUrl } = await start.mutateAsync({
        email: values.email,
        name: values.name,
        ...(page.collectPhone ? { phone: values.phone } : {}),
        ...(page.amount === null ? { amount: values.amount as number } : {}),
      });
      const target = new URL(authorizationUrl, window.location.href);
      if (target.origin === window.location.origin) await navigate(`${target.pathname}${target.search}`);
      else window.location.assign(target.toString());
    } catch (error) {
      applyServerErrors(setError, error, ['email', 'name', 'phone', 'amount']);
    }
  }

  return (
    <PublicFrame business={page.business} livemode={page.livemode}>
      <div className="space-y-6">
        <div className="space-y-1">
          <h1 className="text-xl font-bold text-slate-900">{page.name}</h1>
          {page.description && <p className="text-sm whitespace-pre-line text-slate-600">{page.description}</p>}
          {page.amount !== null && <p className="pt-2 text-3xl font-bold tracking-tight text-slate-900">{formatNaira(page.amount)}</p>}
        </div>
        {start.isError && !hasFieldErrors(start.error) && (
          <Alert tone="error">{errorMessage(start.error, 'The payment could not be started. Try again.')}</Alert>
        )}
        <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate className="space-y-4">
          {page.amount === null && (
            <TextField label="Amount (₦)" inputMode="decimal" autoComplete="off" placeholder="5,000" error={errors.amount?.message} {...register('amount')} />
          )}
          <TextField label="Email address" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          <TextField label="Full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
          {page.collectPhone && <TextField label="Phone number" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />}
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Starting payment...' : page.amount === null ? 'Pay' : `Pay ${formatNaira(page.amount)}`}
          </Button>
        </form>
      </div>
    </PublicFrame>
  );
}
