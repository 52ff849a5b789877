import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { onboardedUser } from '../support/accounts';
import { registerClientInUi } from './support';

/*
 * Members of an app: the owner adds a colleague by username; the colleague sees the app
 * on their dashboard and manages it, without 'Delete app'; the owner offers it to them, they accept
 * it; the old owner leaves.
 */
test.describe.configure({ mode: 'serial' });
let ownerContext: BrowserContext;
let memberContext: BrowserContext;
let owner: Page;
let member: Page;
let memberName = '';
let ownerName = '';
let appPath = '';

test.beforeAll(async ({ browser }) => {
  ownerContext = await browser.newContext();
  memberContext = await browser.newContext();
  owner = await ownerContext.newPage();
  member = await memberContext.newPage();
  ownerName = (await onboardedUser(owner, 'owner')).username;
  memberName = (await onboardedUser(member, 'colleague')).username;
  await registerClientInUi(owner, { name: 'Shared App', redirectUris: ['https://shared.example/cb'] });
  appPath = new URL(owner.url()).pathname;
});
test.afterAll(async () => {
  await ownerContext.close();
  await memberContext.close();
});

test('the owner adds a member: an unknown username is explained, a known one is listed', async () => {
  const card = owner.getByTestId('members-card');
  await expect(card.getByTestId('members').getByRole('listitem')).toHaveCount(1);
  await expect(card.getByTestId('members')).toContainText('Owner');
  await card.getByLabel('Username').fill('@nobody_by_this_name');
  await card.getByRole('button', { name: 'Add member' }).click();
  await expect(card.getByText('No Omnia account has this username')).toBeVisible();
  await card.getByLabel('Username').fill(`@${memberName}`);
  await card.getByRole('button', { name: 'Add member' }).click();
  await expect(owner.getByText('Member added')).toBeVisible();
  await expect(card.getByTestId('members').getByRole('listitem')).toHaveCount(2);
  await expect(card.getByTestId('members').getByRole('listitem').nth(1)).toContainText(`@${memberName}`);
  await expect(owner.getByRole('button', { name: 'Delete app' })).toBeVisible();
});

test('the member is told who added them, finds the app on their dashboard and manages it, but cannot delete it', async () => {
  await member.goto('/dashboard');
  await member.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await expect(
    member.getByRole('dialog', { name: 'Notifications' }).getByTestId('notification'),
  ).toContainText(`@${ownerName} added you to Shared App: you can now see and manage it.`);
  await member.keyboard.press('Escape');
  await member.goto('/dev-program/oauth2');
  await expect(member.getByTestId('client-card').filter({ hasText: 'Shared App' })).toBeVisible();
  await member.goto(appPath);
  await expect(member.getByRole('heading', { name: 'Shared App' })).toBeVisible();
  const card = member.getByTestId('members-card');
  await expect(card.getByText('(you)')).toBeVisible();
  await expect(card.getByTestId('add-member')).toHaveCount(0);
  await expect(member.getByRole('button', { name: 'Show client secret' })).toBeVisible();
  await expect(member.getByRole('button', { name: 'Edit app' })).toBeVisible();
  await expect(member.getByRole('button', { name: 'Delete app' })).toHaveCount(0);
});

test('the owner offers the app; it is the member’s once they accept; the old owner stays on, then leaves', async () => {
  await owner.reload();
  const card = owner.getByTestId('members-card');
  await card.getByRole('button', { name: `Make @${memberName} the owner` }).click();
  const dialog = owner.getByRole('dialog', { name: `Offer Shared App to @${memberName}?` });
  await expect(dialog).toContainText('You stay on as a member.');
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await expect(owner.getByText('Offer sent. The app changes hands once they accept it.')).toBeVisible();
  // Still the owner's until the member accepts.
  await expect(card.getByTestId('ownership-offer')).toContainText('Offered the app, until');
  await expect(owner.getByRole('button', { name: 'Delete app' })).toBeVisible();

  await member.reload();
  const theirs = member.getByTestId('members-card');
  await expect(theirs.getByTestId('ownership-offer')).toContainText('The owner offers you the app');
  await theirs.getByRole('button', { name: 'Accept ownership' }).click();
  const accepting = member.getByRole('dialog', { name: 'Take ownership of Shared App?' });
  await expect(accepting).toContainText('stays on as a member');
  await accepting.getByRole('button', { name: 'Accept ownership' }).click();
  await expect(member.getByText('The app now has a new owner')).toBeVisible();
  await expect(member.getByRole('button', { name: 'Delete app' })).toBeVisible();

  await owner.reload();
  await expect(owner.getByRole('button', { name: 'Delete app' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Leave app' }).click();
  await owner
    .getByRole('dialog', { name: 'Leave Shared App?' })
    .getByRole('button', { name: 'Leave app' })
    .click();
  await expect(owner.getByText('You left the app')).toBeVisible();
  await owner.waitForURL('**/dev-program/oauth2');
  await expect(owner.getByTestId('client-card').filter({ hasText: 'Shared App' })).toHaveCount(0);

  await member.reload();
  await expect(member.getByTestId('members').getByRole('listitem')).toHaveCount(1);
});
