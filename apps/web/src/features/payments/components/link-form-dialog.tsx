import { createPaymentLinkRequest, LINK_DESCRIPTION_MAX, type PaymentLink } from '@fipay/contracts/payments';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/server-errors';
import { koboToNairaInput, nairaField } from '../money';
import { useCreatePaymentLink, useUpdatePaymentLink } from '../api/payment-links';

const shape = createPaymentLinkRequest.shape;
/** The contract's fields, with the amount typed in naira and the optional texts left empty. */
const linkForm = z
  .object({
    name: shape.name,
    description: shape.description,
    customerSetsAmount: z.boolean(),
    amount: z.string(),
    slug: z.string().trim(),
    redirectUrl: z.string().trim(),
    collectPhone: z.boolean(),
  })
  .superRefine((values, ctx) => {
    if (!values.customerSetsAmount) {
      const parsed = nairaField.safeParse(values.amount);
      if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['amount'], message: parsed.error.issues[0]!.message });
    }
    for (const field of ['slug', 'redirectUrl'] as const) {
      if (!values[field]) continue;
      const parsed = shape[field].safeParse(values[field]);
      if (!parsed.success) ctx.addIssue({ code: 'custom', path: [field], message: parsed.error.issues[0]!.message });
    }
  });
type Fields = z.input<typeof linkForm>;



/** Create a payment link, or edit one (its custom link stays: it may already be shared). */
export function LinkFormDialog({ open, onClose, link }: { open: boolean; onClose: () => void; link?: PaymentLink }) {
  const create = useCreatePaymentLink();
  const update = useUpdatePaymentLink();
  const { register, handleSubmit, setError, control, reset, formState } = useForm<Fields, unknown, z.output<typeof linkForm>>({
    resolver: zodResolver(linkForm),
    values: {
      name: link?.name ?? '',
      description: link?.description ?? '',
      customerSetsAmount: link ? link.amount === null : false,
      amount: koboToNairaInput(link?.amount ?? null),
      slug: link?.slug ?? '',
      redirectUrl: link?.redirectUrl ?? '',
      collectPhone: link?.collectPhone ?? false,
    },
  });
  const { errors, isSubmitting } = formState;
  const customerSetsAmount = useWatch({ control, name: 'customerSetsAmount' });

  async function submit(values: z.output<typeof linkForm>) {
    const amount = values.customerSetsAmount ? null : (nairaField.parse(values.amount) as number);
    const common = { name: values.name, description: values.description, amount, redirectUrl: values.redirectUrl || null, collectPhone: values.collectPhone };
    try {
      if (link) await update.mutateAsync({ id: link.id, ...common });
      else await create.mutateAsync({ ...common, ...(values.slug ? { slug: values.slug } : {}) });
      toast.success(link ? 'Payment link updated.' : 'Payment link created.');
      reset();
      onClose();
    } catch (error) {
      if (!applyServerErrors(setError, error, ['name', 'description', 'amount', 'slug', 'redirectUrl'])) toast.error(errorMessage(error, 'The link could not be saved.'));
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={link ? 'Edit payment link' : 'Create a payment link'}
      size="lg"
      body={
        <form id="payment-link-form" onSubmit={(event) => void handleSubmit(submit)(event)} noValidate className="space-y-4">
          <TextField label="Name" placeholder="Ankara fabric, 6 yards" error={errors.name?.message} data-autofocus {...register('name')} />
          <div className="space-y-1.5">
            <label htmlFor="link-description" className="block text-sm font-medium text-slate-700">
              Description <span className="font-normal text-slate-500">(optional)</span>
            </label>
            <textarea
              id="link-description"
              rows={3}
              maxLength={LINK_DESCRIPTION_MAX}
              className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40"
              {...register('description')}
            />
            {errors.description?.message && <p className="text-xs font-medium text-red-600">{errors.description.message}</p>}
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="h-4 w-4 rounded border-slate-300" {...register('customerSetsAmount')} />
            Let the customer enter the amount (at least ₦100)
          </label>
          {!customerSetsAmount && <TextField label="Amount (₦)" inputMode="decimal" placeholder="25,000" error={errors.amount?.message} {...register('amount')} />}
          <TextField
            label="Custom link (optional)"
            placeholder="ankara-sale"
            disabled={Boolean(link)}
            hint={link ? 'A shared link keeps its address.' : 'Letters, digits and hyphens. Left empty, one is made for you.'}
            error={errors.slug?.message}
            {...register('slug')}
          />
          <TextField label="Redirect after payment (optional)" type="url" placeholder="https://yourshop.ng/thank-you" error={errors.redirectUrl?.message} {...register('redirectUrl')} />
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="h-4 w-4 rounded border-slate-300" {...register('collectPhone')} />
            Ask for the customer&apos;s phone number
          </label>
        </form>
      }
    >
      <Button variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <Button type="submit" form="payment-link-form" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : link ? 'Save changes' : 'Create link'}
      </Button>
    </Dialog>
  );
}
