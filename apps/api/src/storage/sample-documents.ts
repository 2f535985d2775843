/** Small files whose first bytes are what they claim, for tests of uploads and document checks. */
export const sampleDocuments = {
  pdf: { contentType: 'application/pdf', name: 'certificate.pdf', bytes: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n') },
  png: {
    contentType: 'image/png',
    name: 'utility-bill.png',
    bytes: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000d49484452', 'hex'), Buffer.alloc(32, 1)]),
  },
  jpeg: { contentType: 'image/jpeg', name: 'memart.jpg', bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('\u0000\u0010JFIF\u0000'), Buffer.alloc(32, 2)]) },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    name: 'due-diligence.docx',
    bytes: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('[Content_Types].xml word/document.xml'), Buffer.alloc(32, 3)]),
  },
  /** A Windows program renamed to look like a PDF. */
  exeAsPdf: { contentType: 'application/pdf', name: 'invoice.pdf', bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62, 0x90), Buffer.from('This program cannot be run in DOS mode.')]) },
} as const;
