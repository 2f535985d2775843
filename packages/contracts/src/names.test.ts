import { describe, expect, it } from 'vitest';
import { matchBusinessNames, normaliseBusinessName, sameName } from './names';

describe('matchBusinessNames', () => {
  it.each([
    ['Okafor Logistics Ltd.', 'OKAFOR LOGISTICS LIMITED', 'exact'],
    ['Adebayo Foods & Sons Nigeria Limited', 'ADEBAYO FOODS AND SONS NIG LTD', 'exact'],
    ['Bèllo Agro-Allied Ltd', 'BELLO AGRO ALLIED NIGERIA LIMITED', 'exact'],
    ['Okafor Logistics', 'OKAFOR LOGISTICS AND HAULAGE LIMITED', 'partial'],
    ['Eze Pharmaceuticals Lagos Ltd', 'EZE PHARMACEUTICALS LIMITED', 'partial'],
    ['Okafor Foods Ltd', 'OKAFOR LOGISTICS LIMITED', 'mismatch'],
    ['Musa Livestock Ventures', 'ETIM FISHERIES LIMITED', 'mismatch'],
    ['Limited', 'LTD', 'mismatch'],
  ])('%s vs %s: %s', (company, account, expected) => {
    expect(matchBusinessNames(company, account).result).toBe(expected);
  });

  it('shows both names as compared', () => {
    expect(matchBusinessNames('The Okafor Co. Ltd', 'OKAFOR COMPANY LIMITED')).toEqual({ result: 'exact', companyName: 'OKAFOR', accountName: 'OKAFOR' });
    expect(normaliseBusinessName("Chukwuemeka's Stores (Nig.) Ltd")).toEqual(['CHUKWUEMEKA', 'S', 'STORES']);
  });
});

describe('sameName', () => {
  it('ignores letter case and spacing only', () => {
    expect(sameName('  Ada  Obi ', 'ADA OBI')).toBe(true);
    expect(sameName('Ada Obi', 'Ada Obi Ltd')).toBe(false);
    expect(sameName('Ada-Obi', 'Ada Obi')).toBe(false);
  });
});
