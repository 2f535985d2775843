import type { OutgoingEmail } from './transport';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function layout(title: string, paragraphs: string[], action: { label: string; url: string } | { code: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const call =
    'code' in action
      ? `<p style="margin:24px 0;font-size:32px;font-weight:bold;letter-spacing:8px">${escapeHtml(action.code)}</p>`
      : `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#64748b">If the button does not work, copy this link into your browser:<br>${escapeHtml(action.url)}</p>`;
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;background:#f8fafc;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}${call}
</div></body></html>`;
}

export function verificationEmail(to: { email: string; firstName: string; companyName: string }, link: string): OutgoingEmail {
  const lines = [
    `Hello ${to.firstName},`,
    `Welcome to FiPay. Confirm the email address for ${to.companyName} to finish creating your account.`,
    'The link works once and expires in 24 hours. If you did not sign up, ignore this email.',
  ];
  return {
    to: to.email,
    subject: 'Verify your email address',
    text: `${lines.join('\n\n')}\n\nVerify your email: ${link}\n`,
    html: layout('Verify your email address', lines, { label: 'Verify email', url: link }),
  };
}

export function passwordResetEmail(to: { email: string; firstName: string }, link: string): OutgoingEmail {
  const lines = [
    `Hello ${to.firstName},`,
    'We received a request to reset the password of your FiPay account.',
    'The link works once and expires in 1 hour. If you did not ask for this, ignore this email: your password stays the same.',
  ];
  return {
    to: to.email,
    subject: 'Reset your password',
    text: `${lines.join('\n\n')}\n\nReset your password: ${link}\n`,
    html: layout('Reset your password', lines, { label: 'Reset password', url: link }),
  };
}

export function representativeApprovalEmail(
  to: { email: string; fullName: string; position: string; companyName: string },
  link: string,
): OutgoingEmail {
  const lines = [
    `Hello ${to.fullName},`,
    `${to.companyName} has named you as its ${to.position} while verifying its business account with FiPay.`,
    'Please confirm that you are an official representative of the business. You do not need a FiPay account: open the link, type your full name and approve.',
    'The link works once and expires in 7 days. If you do not represent this business, ignore this email.',
  ];
  return {
    to: to.email,
    subject: `Confirm your role at ${to.companyName}`,
    text: `${lines.join('\n\n')}\n\nConfirm your role: ${link}\n`,
    html: layout(`Confirm your role at ${to.companyName}`, lines, { label: 'Review and approve', url: link }),
  };
}

export function kybSubmittedEmail(to: { email: string; firstName: string; companyName: string }, dashboardUrl: string): OutgoingEmail {
  const lines = [
    `Hello ${to.firstName},`,
    `We have received the business verification of ${to.companyName}. Our compliance team reviews submissions in the order they arrive.`,
    'We will email you as soon as there is a decision. You can follow the status on your dashboard.',
  ];
  return {
    to: to.email,
    subject: 'Your business verification was submitted',
    text: `${lines.join('\n\n')}\n\nOpen your dashboard: ${dashboardUrl}\n`,
    html: layout('Your business verification was submitted', lines, { label: 'Open dashboard', url: dashboardUrl }),
  };
}

export type EmailCodePurpose = 'login' | 'enable' | 'disable' | 'roll_key' | 'payment_method' | 'transfer';

const emailCodeReasons: Record<EmailCodePurpose, string> = {
  login: 'Use this code to finish signing in to FiPay.',
  enable: 'Use this code to turn on email codes for signing in to FiPay.',
  disable: 'Use this code to turn off email codes for signing in to FiPay.',
  roll_key: 'Use this code to roll a live secret API key of your FiPay account. The new key replaces the one your systems use.',
  payment_method: 'Use this code to add or remove a payment method of your FiPay account: an account that can receive your withdrawals.',
  transfer: 'Use this code to confirm a transfer from your FiPay wallet to another business. Transfers are instant and cannot be undone.',
};

export const EMAIL_CODE_SUBJECT = 'Your FiPay verification code';

export function emailCodeEmail(to: { email: string; firstName: string }, code: string, purpose: EmailCodePurpose): OutgoingEmail {
  const lines = [
    `Hello ${to.firstName},`,
    emailCodeReasons[purpose],
    'The code works once and expires in 10 minutes. Never share it: FiPay staff will never ask for it. If you did not ask for it, change your password.',
  ];
  return {
    to: to.email,
    subject: EMAIL_CODE_SUBJECT,
    text: `${lines.join('\n\n')}\n\nYour code: ${code}\n`,
    html: layout(EMAIL_CODE_SUBJECT, lines, { code }),
  };
}

export function passwordChangedEmail(to: { email: string; firstName: string }, forgotPasswordUrl: string): OutgoingEmail {
  const lines = [
    `Hello ${to.firstName},`,
    'The password of your FiPay account was just changed, and every other device signed in to it was signed out.',
    'If you made this change, there is nothing more to do. If you did not, reset your password now and turn on two-factor authentication.',
  ];
  return {
    to: to.email,
    subject: 'Your password was changed',
    text: `${lines.join('\n\n')}\n\nReset your password: ${forgotPasswordUrl}\n`,
    html: layout('Your password was changed', lines, { label: 'Reset password', url: forgotPasswordUrl }),
  };
}

export function reviewerSetupEmail(to: { email: string; name: string }, link: string, kind: 'invite' | 'reset'): OutgoingEmail {
  const lines = [
    `Hello ${to.name},`,
    kind === 'invite'
      ? 'You have been added to the FiPay compliance back office. Set your password to start reviewing business verifications.'
      : 'An administrator reset your access to the FiPay compliance back office. Set a new password, then set up your authenticator app again.',
    'Signing in also needs an authenticator app (such as Google Authenticator or 1Password): you will set it up right after your password.',
    'The link works once and expires in 24 hours. If you did not expect this email, ignore it.',
  ];
  const subject = kind === 'invite' ? 'Set up your FiPay back-office account' : 'Your FiPay back-office access was reset';
  return {
    to: to.email,
    subject,
    text: `${lines.join('\n\n')}\n\nSet your password: ${link}\n`,
    html: layout(subject, lines, { label: 'Set password', url: link }),
  };
}

type CompanyRecipient = { email: string; firstName: string; companyName: string };

export function kybApprovedEmail(to: CompanyRecipient, dashboardUrl: string): OutgoingEmail {
  const lines = [
    `Hello ${to.firstName},`,
    `Good news: the business verification of ${to.companyName} has been approved.`,
    'Your account has been approved! You can now enjoy full access.',
  ];
  return {
    to: to.email,
    subject: 'Your business verification was approved',
    text: `${lines.join('\n\n')}\n\nOpen your dashboard: ${dashboardUrl}\n`,
    html: layout('Your business verification was approved', lines, { label: 'Open dashboard', url: dashboardUrl }),
  };
}

/** A reviewer's decision on 'Increase Limits': the new daily figures, or why not, with the reason either way. */
export function limitDecisionEmail(to: CompanyRecipient, decision: { granted: boolean; lines: string[]; reason: string }, dashboardUrl: string): OutgoingEmail {
  const subject = decision.granted ? 'Your limits were raised' : 'Your request for higher limits was declined';
  const lines = [
    `Hello ${to.firstName},`,
    decision.granted ? `We raised the daily limits of ${to.companyName}.` : `We could not raise the daily limits of ${to.companyName} this time.`,
    ...decision.lines,
    `Reason: ${decision.reason}`,
  ];
  return {
    to: to.email,
    subject,
    text: `${lines.join('\n\n')}\n\nOpen your dashboard: ${dashboardUrl}\n`,
    html: layout(subject, lines, { label: 'Open dashboard', url: dashboardUrl }),
  };
}

export function kybRejectedEmail(to: CompanyRecipient, reason: string, final: boolean, dashboardUrl: string): OutgoingEmail {
  const lines = [
    `Hello ${to.firstName},`,
    `We could not approve the business verification of ${to.companyName}.`,
    `Reason: ${reason}`,
    final
      ? 'This decision is final: the application cannot be submitted again. Reply to this email if you believe it is a mistake.'
      : 'You can update your details and submit your verification again from your dashboard ("Start KYC Again").',
  ];
  return {
    to: to.email,
    subject: 'Your business verification was not approved',
    text: `${lines.join('\n\n')}\n\nOpen your dashboard: ${dashboardUrl}\n`,
    html: layout('Your business verification was not approved', lines, { label: 'Open dashboard', url: dashboardUrl }),
  };
}

export function kybChangesRequestedEmail(to: CompanyRecipient, items: string[], stepUrl: string): OutgoingEmail {
  const lines = [
    `Hello ${to.firstName},`,
    `Our compliance team reviewed the business verification of ${to.companyName} and needs a few changes before it can be approved:`,
    ...items.map((item) => `• ${item}`),
    'Only these items need your attention; everything else stays as you sent it. Fix them, then submit your verification again.',
  ];
  return {
    to: to.email,
    subject: 'Action needed: update your business verification',
    text: `${lines.join('\n\n')}\n\nFix and resubmit: ${stepUrl}\n`,
    html: layout('Action needed: update your business verification', lines, { label: 'Fix and resubmit', url: stepUrl }),
  };
}

export function twoFactorOffEmail(to: { email: string; firstName: string }, method: 'authenticator' | 'email', forgotPasswordUrl: string): OutgoingEmail {
  const what = method === 'authenticator' ? 'the authenticator app' : 'emailed codes';
  const lines = [
    `Hello ${to.firstName},`,
    `Two-factor authentication with ${what} was just turned off for your FiPay account. Signing in now asks only for the password.`,
    'If you did this, there is nothing more to do. If you did not, reset your password now and turn two-factor authentication back on.',
  ];
  return {
    to: to.email,
    subject: 'Two-factor authentication was turned off',
    text: `${lines.join('\n\n')}\n\nReset your password: ${forgotPasswordUrl}\n`,
    html: layout('Two-factor authentication was turned off', lines, { label: 'Reset password', url: forgotPasswordUrl }),
  };
}

export function webhookEndpointDisabledEmail(to: CompanyRecipient, endpoint: { url: string; livemode: boolean }, developersUrl: string): OutgoingEmail {
  const lines = [
    `Hello ${to.firstName},`,
    `Every delivery to your ${endpoint.livemode ? 'live' : 'test'} mode webhook endpoint ${endpoint.url} has failed for five days, so ${to.companyName}'s events are no longer sent to it.`,
    'Events keep being recorded. Once the endpoint answers again, turn it back on in the dashboard and resend the deliveries it missed.',
  ];
  return {
    to: to.email,
    subject: 'A webhook endpoint was turned off',
    text: `${lines.join('\n\n')}\n\nOpen webhooks: ${developersUrl}\n`,
    html: layout('A webhook endpoint was turned off', lines, { label: 'Open webhooks', url: developersUrl }),
  };
}

// Made once: building a formatter per email is the costly part of formatting a date.
const lagosDateTime = new Intl.DateTimeFormat('en-NG', { timeZone: 'Africa/Lagos', dateStyle: 'medium', timeStyle: 'short' });

/** The customer's receipt for a successful payment. */
export function paymentReceiptEmail(r: {
  to: string;
  name: string;
  businessName: string;
  amount: string;
  reference: string;
  paidAt: Date;
  how: string;
  livemode: boolean;
  receiptUrl: string;
}): OutgoingEmail {
  const when = lagosDateTime.format(r.paidAt);
  const lines = [
    `Hello${r.name ? ` ${r.name}` : ''},`,
    `You paid ${r.amount} to ${r.businessName} on ${when} by ${r.how}.`,
    `Reference: ${r.reference}`,
    ...(r.livemode ? [] : ['This was a test payment: no money moved.']),
    'Keep this email as your receipt. For anything about your purchase, contact the business directly.',
  ];
  const subject = `${r.livemode ? '' : '[Test] '}Your receipt from ${r.businessName}`;
  return {
    to: r.to,
    subject,
    text: `${lines.join('\n\n')}\n\nView your receipt: ${r.receiptUrl}\n`,
    html: layout(subject, lines, { label: 'View receipt', url: r.receiptUrl }),
  };
}

/** The customer's notice that a payment was refunded. */
export function refundEmail(r: { to: string; name: string; businessName: string; amount: string; reference: string; livemode: boolean; receiptUrl: string }): OutgoingEmail {
  const lines = [
    `Hello${r.name ? ` ${r.name}` : ''},`,
    `${r.businessName} has refunded ${r.amount} of your payment ${r.reference}.`,
    r.livemode
      ? 'Depending on your bank, it can take up to 10 working days to show on your statement.'
      : 'This was a test refund: no money moved.',
  ];
  const subject = `${r.livemode ? '' : '[Test] '}${r.businessName} refunded ${r.amount}`;
  return { to: r.to, subject, text: `${lines.join('\n\n')}\n\nYour payment: ${r.receiptUrl}\n`, html: layout(subject, lines, { label: 'View your payment', url: r.receiptUrl }) };
}

/** A money notice to a user of the business (a payment received, a refund, a payout): what happened and where to see it. */
export function moneyNoticeEmail(to: CompanyRecipient, notice: { title: string; lines: string[]; livemode: boolean }, action: { label: string; url: string }): OutgoingEmail {
  const subject = `${notice.livemode ? '' : '[Test] '}${notice.title}`;
  const lines = [
    `Hello ${to.firstName},`,
    ...notice.lines,
    ...(notice.livemode ? [] : ['This happened in test mode: no money moved.']),
    'You can choose which of these emails you get in your account settings.',
  ];
  return { to: to.email, subject, text: `${lines.join('\n\n')}\n\n${action.label}: ${action.url}\n`, html: layout(subject, lines, action) };
}

/** A step of a marketplace trade that the business should see (a trade opened, paid, released, cancelled, disputed), with a link to the trade. */
export function tradeNoticeEmail(to: CompanyRecipient, notice: { title: string; message: string; livemode: boolean }, tradeUrl: string): OutgoingEmail {
  const subject = `${notice.livemode ? '' : '[Test] '}${notice.title}`;
  const lines = [`Hello ${to.firstName},`, notice.message, ...(notice.livemode ? [] : ['This happened in test mode: only test money moved.'])];
  const action = { label: 'Open the trade', url: tradeUrl };
  return { to: to.email, subject, text: `${lines.join('\n\n')}\n\n${action.label}: ${action.url}\n`, html: layout(subject, lines, action) };
}
