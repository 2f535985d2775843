import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, request, type FullConfig } from '@playwright/test';
import { e2eDataDir } from '../playwright.config';
import { FIXTURES_ADMIN, fixturesAdminFile, setUpReviewer } from './back-office-api';

/**
 * Runs once, after the server is up: the admin the e2e server made for the fixtures sets its
 * password and authenticator through the API, and its session is left in the data folder. Every
 * worker invites reviewers with it; the tests themselves never sign it in, so it holds no state
 * that one test could change under another.
 */
export default async function globalSetup(config: FullConfig) {
  const api = await request.newContext({ baseURL: config.projects[0]!.use.baseURL });
  try {
    const printed = readFileSync(path.join(e2eDataDir, 'fixtures-admin-link.txt'), 'utf8');
    const link = new URL(printed.match(/https?:\/\/\S+\/admin\/set-password\?token=\S+/)![0]);
    const admin = await setUpReviewer(api, FIXTURES_ADMIN.email, link);
    expect(admin.reviewer.role).toBe('admin');
    writeFileSync(fixturesAdminFile, JSON.stringify({ email: FIXTURES_ADMIN.email, token: admin.session.token }));
  } finally {
    await api.dispose();
  }
}
