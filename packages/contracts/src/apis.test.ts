import { describe, expect, it } from 'vitest';
import { createApiSchema, passesForOwnName, updateApiSchema } from './apis';
import { MESSAGES } from './messages';

describe("an API's name", () => {
  it("never passes for Omnia's or a suite service's, however it is written", () => {
    for (const name of [
      'Omnia',
      'OMNIA security',
      'Ｏｍｎｉａ',
      'O m n i a',
      'OmniaSecurity',
      'CloudBliss',
      'Cloud Bliss',
      'Your CloudBliss files',
      'voge',
      'Taskcel API',
      'Cloud Bliss files',
      'Cloud-Bliss Sync',
      'MyCloudBliss',
      'V o g e API',
      'Оmnia',
      'Omnіa',
      '0mnia',
      'OMNIASecurity',
      'omniasecurity',
      'Omnia2FA',
      'cloudblissdrive',
      'Omnıa',
      'Omnià',
      'Omnia\u0301',
      'Ornnia',
      'Omn1a',
    ])
      expect(passesForOwnName(name), name).toBe(true);
    for (const name of [
      'Orders API',
      'Vogel API',
      'Omni channel',
      'Omni Analytics',
      'Insomnia tracker',
      'Task cell planner',
      'Lupus',
    ])
      expect(passesForOwnName(name), name).toBe(false);
  });

  it('is refused with its own message when it does, on registration and on update', () => {
    const scopes = [{ name: 'files:read', description: 'Read your files' }];
    const created = createApiSchema.safeParse({
      name: 'CloudBliss',
      identifier: 'https://files.example/',
      scopes,
    });
    expect(created.error?.issues[0]?.message).toBe(MESSAGES.apiNameReserved);
    expect(updateApiSchema.safeParse({ name: 'Omnia', scopes }).error?.issues[0]?.message).toBe(
      MESSAGES.apiNameReserved,
    );
    expect(updateApiSchema.safeParse({ name: 'Files API', scopes }).success).toBe(true);
  });
});
