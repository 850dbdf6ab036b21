import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AppUnderTest, expectAccessible, startAppUnderTest } from './app.ts';

let app: AppUnderTest;
beforeAll(async () => {
  app = await startAppUnderTest();
});
afterAll(async () => {
  await app?.close();
});

describe.each([
  {
    locale: 'fr-FR',
    lang: 'fr',
    title: 'Connexion · Comptoir',
    heading: 'Connexion à Comptoir',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    submit: 'Se connecter',
  },
  {
    locale: 'en-US',
    lang: 'en',
    title: 'Sign in · Comptoir',
    heading: 'Sign in to Comptoir',
    email: 'Email address',
    password: 'Password',
    submit: 'Sign in',
  },
] as const)('the sign-in page in $lang', (words) => {
  test('speaks the browser’s language, passes axe, and breaks no rule of the Content-Security-Policy', async () => {
    const { page, problems } = await app.open('/app/sign-in', words.locale);
    await expect.poll(() => page.title()).toBe(words.title);
    expect(await page.locator('html').getAttribute('lang')).toBe(words.lang);
    await page.getByRole('heading', { level: 1, name: words.heading }).waitFor();
    await page.getByLabel(words.email).waitFor();
    await page.getByLabel(words.password).waitFor();
    await page.getByRole('button', { name: words.submit }).waitFor();
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  test('works with the keyboard alone: Tab reaches the e-mail, the password, then the button', async () => {
    const { page } = await app.open('/app/sign-in', words.locale);
    await page.getByLabel(words.email).waitFor();
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('password');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(words.submit);
    await page.context().close();
  });
});

test('a visit behind sign-in goes to the sign-in page, which keeps where it was going', async () => {
  const { page, problems } = await app.open('/app/wsp_0123456789abcdef/invoices?status=PAID', 'fr-FR');
  await page.waitForURL((url) => url.pathname === '/app/sign-in');
  const returnTo = new URL(page.url()).searchParams.get('returnTo');
  expect(returnTo).toBe('/wsp_0123456789abcdef/invoices?status=PAID');
  await page.getByRole('heading', { level: 1, name: 'Connexion à Comptoir' }).waitFor();
  expect(problems).toEqual([]);
  await page.context().close();
});
