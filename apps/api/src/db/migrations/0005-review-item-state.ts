/**
 * What each flagged item was when the reviewer flagged it, so the server can tell whether the
 * company really changed it (a document's file, a representative's details, the bank account)
 * instead of trusting that an item, once touched, stays addressed. Open items that have not been
 * touched are filled from the current rows (they are still as flagged); others keep the
 * behaviour they had (documents fall back to flagged_ref, the object key).
 */
export const sql = /* sql */ `
ALTER TABLE kyb_review_items ADD COLUMN flagged_state jsonb;

UPDATE kyb_review_items i SET flagged_state = jsonb_build_object('objectKey', d.object_key, 'cacRegNumber', d.cac_reg_number)
  FROM kyb_documents d
  WHERE i.target = 'document' AND i.resolved_at IS NULL AND i.addressed_at IS NULL
    AND d.company_id = i.company_id AND d.doc_key = i.target_key;

UPDATE kyb_review_items i SET flagged_state = jsonb_build_object(
    'email', r.email, 'position', r.position, 'fullName', r.full_name, 'phone', r.phone,
    'idType', r.id_type, 'idNumberEncrypted', r.id_number_encrypted)
  FROM kyb_representatives r
  WHERE i.target = 'representative' AND i.resolved_at IS NULL AND i.addressed_at IS NULL
    AND r.company_id = i.company_id AND r.id::text = i.target_key;

UPDATE kyb_review_items i SET flagged_state = jsonb_build_object(
    'accountNumber', b.account_number, 'bankCode', b.bank_code, 'bvnEncrypted', b.bvn_encrypted)
  FROM kyb_bank_details b
  WHERE i.target = 'bank' AND i.resolved_at IS NULL AND b.company_id = i.company_id;
`;
