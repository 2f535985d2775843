import type { OutgoingEmail } from './transport';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function layout(title: string, paragraphs: string[], action: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;background:#f8fafc;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#64748b">If the button does not work, copy this link into your browser:<br>${escapeHtml(action.url)}</p>
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
