import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { textLinkClasses } from '../../components/ui/button';
import { LegalLayout } from './components/legal-layout';
import { findLegalDocument, type LegalBlock } from './legal-documents';

/** An unknown slug is a 404 for the route's error boundary, so the app's not-found page shows. */
export function legalDocumentLoader({ params }: LoaderFunctionArgs) {
  const doc = findLegalDocument(params.document);
  if (!doc) throw data('Legal document not found', { status: 404 });
  return doc;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  return (
    <ul className="list-disc space-y-1.5 pl-5 marker:text-slate-400">
      {block.list.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export function LegalDocumentPage() {
  const doc = useLoaderData<typeof legalDocumentLoader>();

  return (
    <LegalLayout>
      <title>{`${doc.title} | FiPay`}</title>
      <article>
        <header className="space-y-3 border-b border-slate-200 pb-8">
          <p className="text-sm font-semibold text-brand-700">Legal</p>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{doc.title}</h1>
          <p className="text-lg leading-relaxed text-slate-600">{doc.summary}</p>
          <p className="text-sm text-slate-500">
            Last updated <time dateTime={doc.updated}>{dateFormat.format(new Date(doc.updated))}</time>
          </p>
        </header>
        <div className="mt-8 space-y-8 text-base leading-7 text-slate-700">
          {doc.sections.map((section) => (
            <section key={section.heading} className="space-y-3">
              <h2 className="text-lg font-semibold text-slate-900">{section.heading}</h2>
              {section.body.map((block, index) => (
                <Block key={index} block={block} />
              ))}
            </section>
          ))}
          <section className="space-y-3">
            <h2 className="text-lg font-semibold text-slate-900">Contact</h2>
            <p>
              Questions about this document: email{' '}
              <a href={`mailto:${doc.contact}`} className={textLinkClasses}>
                {doc.contact}
              </a>{' '}
              or write to FiPay Technologies Ltd, 15 Admiralty Way, Lekki Phase 1, Lagos, Nigeria.
            </p>
          </section>
        </div>
      </article>
    </LegalLayout>
  );
}
