import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pincodeResponseSchema } from '@pumpkart/shared';
import { createTestApp, type TestApp } from '../../test/app';
import { splitOfficeName, titleCase } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const lookup = (code: string) => t.app.inject({ method: 'GET', url: `/api/pincode/${code}` });

describe('GET /api/pincode/:code', () => {
  it("answers a known code in the public service's shape, offline", async () => {
    const res = await lookup('411028');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const [entry] = pincodeResponseSchema.parse(res.json());
    expect(entry!.Status).toBe('Success');
    expect(entry!.Message).toBe(`Number of pincode(s) found:${entry!.PostOffice!.length}`);
    const offices = entry!.PostOffice!;
    expect(offices.length).toBeGreaterThanOrEqual(1);
    for (const office of offices) {
      expect(office).toMatchObject({ District: 'Pune', State: 'Maharashtra', Country: 'India', Pincode: '411028' });
    }
    expect(offices).toContainEqual(expect.objectContaining({ Name: 'Hadapsar', BranchType: 'Sub Post Office' }));
  });

  it('title-cases state names as the public service writes them', async () => {
    const [delhi] = (await lookup('110001')).json();
    expect(delhi.PostOffice[0].State).toBe('Delhi');
    const [chennai] = (await lookup('600001')).json();
    expect(chennai.PostOffice[0].State).toBe('Tamil Nadu');
    expect(titleCase('JAMMU & KASHMIR')).toBe('Jammu & Kashmir');
    expect(titleCase('ANDAMAN & NICOBAR ISLANDS')).toBe('Andaman & Nicobar Islands');
    expect(titleCase('CHATTISGARH')).toBe('Chhattisgarh');
  });

  it('splits the branch type off an office name', () => {
    expect(splitOfficeName('Ada B.O')).toEqual(['Ada', 'Branch Post Office']);
    expect(splitOfficeName('Pune H.O')).toEqual(['Pune', 'Head Post Office']);
    expect(splitOfficeName('New Delhi G.P.O.')).toEqual(['New Delhi', 'Head Post Office']);
    expect(splitOfficeName('Khadki S.O (Pune)')).toEqual(['Khadki (Pune)', 'Sub Post Office']);
    expect(splitOfficeName('Somewhere')).toEqual(['Somewhere', 'Post Office']);
  });

  it("answers an unknown 6-digit code with the service's 'No records found' shape", async () => {
    const res = await lookup('999999');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ Message: 'No records found', Status: 'Error', PostOffice: null }]);
  });

  it.each(['12345', '1234567', 'abcdef', '41102a', '%20411028'])('refuses %s with 400', async (code) => {
    const res = await lookup(code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/6 digits/);
  });
});
