import { paths } from '../../config/paths';

/** A paragraph, or a bulleted list when the section enumerates things. */
export type LegalBlock = string | { list: readonly string[] };

export type LegalSection = { heading: string; body: readonly LegalBlock[] };

export type LegalDocument = {
  slug: string;
  path: string;
  title: string;
  summary: string;
  /** ISO date the text last changed. */
  updated: string;
  /** The team that answers questions about this document. */
  contact: string;
  sections: readonly LegalSection[];
};

const updated = '2026-11-23';

const terms: LegalDocument = {
  slug: 'terms',
  path: paths.terms,
  title: 'Terms of service',
  summary:
    'These terms govern your business’s use of FiPay. By creating an account you accept them on behalf of your business.',
  updated,
  contact: 'support@fipay.ng',
  sections: [
    {
      heading: 'Who we are',
      body: [
        'FiPay is operated by FiPay Technologies Ltd, a company registered in Nigeria with its office at 15 Admiralty Way, Lekki Phase 1, Lagos. “We” and “us” mean FiPay Technologies Ltd; “you” means the business that holds the account and the people who use it on its behalf.',
      ],
    },
    {
      heading: 'Who can use FiPay',
      body: [
        'FiPay is for businesses registered in Nigeria with the Corporate Affairs Commission, and for individuals trading in their own name. The person who signs up must be authorised to bind the business.',
        'We may refuse to open an account, or close one, where we cannot verify the business or where our AML policy or restricted-countries list applies.',
      ],
    },
    {
      heading: 'Account and verification',
      body: [
        'Before you can collect payments or withdraw funds you must complete business verification: business type, business profile, documents, representatives and a settlement bank account. The information you give must be true, complete and kept up to date.',
        'We may ask for more information at any time, and may limit the account until we receive it.',
      ],
    },
    {
      heading: 'Keeping your account secure',
      body: [
        'Keep passwords and authenticator codes private and turn on two-factor authentication. You are responsible for activity carried out with your credentials until you tell us they have been compromised. Report suspected misuse to us at once.',
      ],
    },
    {
      heading: 'Using the service',
      body: [
        'You may use FiPay to collect payments, pay out to your verified bank account and, where available, buy and sell currencies and crypto assets. You must not use it for:',
        {
          list: [
            'anything unlawful in Nigeria or in the country of the other party;',
            'goods or services you are not licensed to sell;',
            'moving funds on behalf of people you have not identified;',
            'persons or places covered by our restricted-countries list.',
          ],
        },
        'Crypto asset prices move quickly and trades cannot be reversed once confirmed. Only trade amounts your business can afford to lose.',
      ],
    },
    {
      heading: 'Fees and settlement',
      body: [
        'Fees and exchange rates are shown before you confirm a transaction. Settlements are paid to the bank account verified in your name. We may hold a settlement while we review a transaction that looks unusual.',
      ],
    },
    {
      heading: 'Suspension and closure',
      body: [
        'You may close your account at any time once pending transactions have settled. We may suspend or close an account to comply with the law or a regulator’s instruction, to prevent fraud, or if these terms are broken. Where the law allows, we will tell you why.',
      ],
    },
    {
      heading: 'Liability',
      body: [
        'We are responsible for losses caused by our own failure to provide the service with reasonable care. We are not responsible for failures of banks, card schemes or networks outside our control, or for indirect losses such as lost profit. Nothing in these terms limits liability that cannot be limited under Nigerian law.',
      ],
    },
    {
      heading: 'Changes and governing law',
      body: [
        'We will email you at least 30 days before a change to these terms takes effect, unless the law requires a change sooner. These terms are governed by the laws of the Federal Republic of Nigeria, and the courts of Lagos State have jurisdiction.',
      ],
    },
  ],
};

const amlPolicy: LegalDocument = {
  slug: 'aml-policy',
  path: paths.amlPolicy,
  title: 'Anti-money laundering policy',
  summary:
    'How FiPay prevents money laundering, terrorist financing and proliferation financing, and what that means for your business.',
  updated,
  contact: 'compliance@fipay.ng',
  sections: [
    {
      heading: 'Our commitment',
      body: [
        'FiPay does not accept business that it cannot explain. We follow the Money Laundering (Prevention and Prohibition) Act 2022, the Terrorism (Prevention and Prohibition) Act 2022 and the anti-money laundering rules the Central Bank of Nigeria sets for payment providers.',
      ],
    },
    {
      heading: 'Know your business',
      body: [
        'Every account is verified before it can move money. We ask for:',
        {
          list: [
            'the certificate of incorporation and CAC registration number;',
            'the memorandum and articles of association;',
            'a proof of address no older than three months;',
            'a due diligence questionnaire;',
            'the identity, ID number and BVN of each representative;',
            'a settlement bank account held in the business’s name.',
          ],
        },
      ],
    },
    {
      heading: 'Screening',
      body: [
        'We screen businesses, representatives and beneficial owners against sanctions lists, politically exposed persons lists and adverse media when they join and whenever those lists change. A match is reviewed by our compliance team before the account can be used.',
      ],
    },
    {
      heading: 'Monitoring',
      body: [
        'We monitor transactions against the activity you told us to expect. Transactions that are unusual in size, pattern or counterparty may be held while we ask for an explanation or supporting documents.',
      ],
    },
    {
      heading: 'Reporting',
      body: [
        'We report suspicious transactions to the Nigerian Financial Intelligence Unit as the law requires. The law forbids us from telling a customer that a report has been made.',
      ],
    },
    {
      heading: 'Record keeping',
      body: [
        'We keep verification records and transaction records for at least five years after the business relationship ends or the transaction is completed, and longer where a regulator or court asks us to.',
      ],
    },
    {
      heading: 'When we act',
      body: [
        'We may refuse an account, hold funds, limit features or close an account where verification is incomplete, where information is false, or where we are required to by law. We do this without liability to you where the law permits.',
      ],
    },
  ],
};

const privacy: LegalDocument = {
  slug: 'privacy',
  path: paths.privacy,
  title: 'Privacy notice',
  summary:
    'What personal data FiPay collects, why, how long we keep it, who sees it and the rights you have under the Nigeria Data Protection Act 2023.',
  updated,
  contact: 'privacy@fipay.ng',
  sections: [
    {
      heading: 'Who is responsible',
      body: [
        'FiPay Technologies Ltd, 15 Admiralty Way, Lekki Phase 1, Lagos, is the data controller for the personal data described here.',
      ],
    },
    {
      heading: 'What we collect at sign-up',
      body: [
        {
          list: [
            'Company details: name, email, phone number, website, country, address and registration number.',
            'Your details as the first user: first and last name, email address, phone number and a password, which we store only as a one-way hash.',
          ],
        },
      ],
    },
    {
      heading: 'What we collect at verification',
      body: [
        {
          list: [
            'Business documents: certificate of incorporation, CAC number, memorandum and articles, proof of address, operating licence and due diligence questionnaire.',
            'Each representative’s name, role, email, phone number, ID type and ID number, and the BVN given for the settlement account.',
            'Bank details: bank, account number and the account name returned by the bank.',
          ],
        },
      ],
    },
    {
      heading: 'What we record when you use FiPay',
      body: [
        'Sign-in times, IP address and browser type, two-factor settings, transactions and notifications. We use these to keep accounts secure and to answer questions about your activity.',
      ],
    },
    {
      heading: 'Why we use it',
      body: [
        'To open and run your account under our terms; to verify your business and its representatives and monitor transactions, which Central Bank of Nigeria rules and anti-money laundering law oblige us to do; and to protect the service against fraud. We do not use your data for advertising and we do not sell it.',
      ],
    },
    {
      heading: 'Who sees it',
      body: [
        {
          list: [
            'FiPay staff who need it for their work, such as support and compliance.',
            'Identity and bank verification providers, and banks that confirm BVNs and account names.',
            'Our hosting and email providers, under contracts that limit them to our instructions.',
            'Regulators, the Nigerian Financial Intelligence Unit, courts and law enforcement when the law requires.',
          ],
        },
        'If data is processed outside Nigeria we apply the safeguards the Nigeria Data Protection Act 2023 requires.',
      ],
    },
    {
      heading: 'How long we keep it',
      body: [
        'For as long as your account is open, and then for at least five years after it closes, because anti-money laundering law requires it. If you sign up but never complete verification, we delete your details two years after your last sign-in.',
      ],
    },
    {
      heading: 'How we protect it',
      body: [
        'Data is encrypted in transit, passwords are hashed, access is limited by role and logged, and you can protect your own account with an authenticator app.',
      ],
    },
    {
      heading: 'Your rights',
      body: [
        'You may ask for a copy of your data, have it corrected, object to or restrict its use, receive it in a portable format, and ask us to delete it where the law does not require us to keep it. We answer within 30 days. If you are not satisfied, you may complain to the Nigeria Data Protection Commission.',
      ],
    },
  ],
};

const cookies: LegalDocument = {
  slug: 'cookies',
  path: paths.cookies,
  title: 'Cookie policy',
  summary: 'FiPay keeps what it needs in your browser’s local storage and uses no advertising cookies.',
  updated,
  contact: 'privacy@fipay.ng',
  sections: [
    {
      heading: 'The short version',
      body: [
        'The FiPay app does not set advertising or cross-site tracking cookies and does not load third-party analytics. It keeps a small amount of data in your browser’s local storage so you stay signed in.',
      ],
    },
    {
      heading: 'What is stored in your browser',
      body: [
        {
          list: [
            'Your session: your name and email, your company and its verification progress, the access and refresh tokens that keep you signed in, and whether you chose to hide your balance.',
            'Onboarding drafts: the verification answers you have entered but not yet submitted.',
            'Recent notifications, so the notification bell opens quickly.',
          ],
        },
      ],
    },
    {
      heading: 'Why it is needed',
      body: [
        'This storage is strictly necessary: without it you would be signed out on every page load and lose unsaved onboarding answers. It is not used to follow you across other websites.',
      ],
    },
    {
      heading: 'How long it stays',
      body: [
        'Signing out removes your tokens and onboarding drafts. Onboarding drafts are also removed once your bank details are submitted. Your browser keeps the rest until you sign out or clear site data.',
      ],
    },
    {
      heading: 'Your choices',
      body: [
        'You can clear FiPay’s data at any time in your browser’s site settings; you will then need to sign in again. Use a private window on shared computers. If we ever add cookies that are not strictly necessary, we will ask for your consent first and update this policy.',
      ],
    },
  ],
};

const restrictedCountries: LegalDocument = {
  slug: 'restricted-countries',
  path: paths.restrictedCountries,
  title: 'Restricted countries',
  summary: 'Where FiPay operates and the jurisdictions we do not serve.',
  updated,
  contact: 'compliance@fipay.ng',
  sections: [
    {
      heading: 'Who we serve',
      body: [
        'FiPay opens accounts for businesses registered in Nigeria with the Corporate Affairs Commission, and for individuals resident in Nigeria. Business profiles are set to Nigeria and settlements are paid to Nigerian bank accounts.',
      ],
    },
    {
      heading: 'Jurisdictions we refuse',
      body: [
        'We do not open accounts for, or send money to or receive money from, persons located in or acting for a jurisdiction under comprehensive sanctions or on the Financial Action Task Force “call for action” list. On the date above these are:',
        {
          list: [
            'Democratic People’s Republic of Korea (North Korea)',
            'Iran',
            'Myanmar',
            'Cuba',
            'Syria',
            'the Crimea, Donetsk and Luhansk regions of Ukraine',
          ],
        },
      ],
    },
    {
      heading: 'Sanctioned persons',
      body: [
        'Wherever they are, we do not serve people or businesses named on the sanctions lists of the United Nations Security Council or the Nigeria Sanctions Committee, or on other lists we screen against to keep access to international payment networks.',
      ],
    },
    {
      heading: 'Enhanced checks',
      body: [
        'Representatives, owners or counterparties in countries on the FATF list of jurisdictions under increased monitoring are accepted only after enhanced due diligence, and we may ask for more documents.',
      ],
    },
    {
      heading: 'Changes to this list',
      body: [
        'Sanctions and FATF lists change. We apply the lists in force at the time of each transaction, which prevail over this page, and update this page when they change.',
      ],
    },
  ],
};

const vipTerms: LegalDocument = {
  slug: 'vip-terms',
  path: paths.vipTerms,
  title: 'VIP programme terms',
  summary:
    'The FiPay VIP programme rewards verified businesses with high, steady volumes. These terms add to our terms of service.',
  updated,
  contact: 'vip@fipay.ng',
  sections: [
    {
      heading: 'Eligibility',
      body: [
        'The programme is open to businesses that have completed verification, whose account is in good standing, and whose monthly transaction volume meets the threshold shown in the dashboard. We review eligibility at the start of each month.',
      ],
    },
    {
      heading: 'Benefits',
      body: [
        {
          list: [
            'A named account manager during Lagos business hours.',
            'Priority support for payment and settlement queries.',
            'Preferential fees or exchange rates, as confirmed to you in writing.',
          ],
        },
      ],
    },
    {
      heading: 'Compliance still applies',
      body: [
        'VIP status does not change verification, limits required by law, transaction monitoring or our AML policy. A VIP account can be reviewed or restricted like any other.',
      ],
    },
    {
      heading: 'Losing VIP status',
      body: [
        'Status lapses if volume stays below the threshold for three consecutive months, if the account is restricted, or if these terms or our terms of service are broken.',
      ],
    },
    {
      heading: 'No cash value',
      body: [
        'Benefits are not transferable and cannot be exchanged for cash. Preferential rates apply only to transactions made while the status is active.',
      ],
    },
    {
      heading: 'Changes and ending the programme',
      body: [
        'We may change or end the programme with 30 days’ notice by email. Benefits already confirmed for a transaction are honoured.',
      ],
    },
  ],
};

/** In the order the landing footer lists them. */
export const legalDocuments: readonly LegalDocument[] = [
  terms,
  amlPolicy,
  privacy,
  cookies,
  restrictedCountries,
  vipTerms,
];

export function findLegalDocument(slug: string | undefined): LegalDocument | undefined {
  return legalDocuments.find((doc) => doc.slug === slug);
}
