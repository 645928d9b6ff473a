/**
 * A whole game in real Chromium against the production build served by the real server: a
 * broker and two investors, each in their own browser context at a phone viewport, from sign-up
 * to the leaderboard. After each broker action every other device must show the change without
 * a reload within LIVE_MS (2 s).
 *
 * The table's TV follows the whole game at 1920×1080 on /spectate/<code> (no sign-in).
 */
import { formatINR } from '@showdown/shared/format';
import { applyPercentChange } from '@showdown/shared/pricing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pathOf, TV_VIEWPORT, type Player } from './support/browser.ts';
import { enterBoardCode, pathIs, pickAvatar, signUpThroughUi, takeSeat } from './support/flows.ts';
import { live, LIVE_MS, textOf } from './support/live.ts';
import { Scenario } from './support/scenario.ts';
import { useServerAndBrowser } from './support/session.ts';

const e2e = useServerAndBrowser();

/** Sign-up to the leaderboard with a 60 s trade phase, then the report, its link and My games. */
const WHOLE_EVENING_MS = 300_000;

/** Paise → the INR text the app shows, e.g. 4950000 → '₹49,500.00'. */
const inr = (paise: number) => formatINR(paise / 100);

// Opening prices (shared/catalogue) in paise and the moves of this game.
const TANDOOR = { name: 'Tandoor Motors', open: 45_000 };
const MONSOON = { name: 'Monsoon Power', open: 28_000 };
const CHAI = { name: 'Chai Digital', open: 125_000 };
const tandoorAfterUpdate = applyPercentChange(TANDOOR.open, 10); // +10 on the keypad
const monsoonAfterUpdate = applyPercentChange(MONSOON.open, -5); // -5 on the keypad
// Mayhem: Asha gives Tandoor +12 and Chai -5, Ravi gives Tandoor -5 and Chai +12: both +3.5 %.
const tandoorAfterMayhem = applyPercentChange(tandoorAfterUpdate, 12 - 5, 2);
const chaiAfterMayhem = applyPercentChange(CHAI.open, -5 + 12, 2);

const STARTING_FUNDS = 70_000_000; // ₹7,00,000
const PAYDAY = 30_000_000; // ₹3,00,000
const ashaCashAfterTrades = STARTING_FUNDS - 100 * tandoorAfterUpdate + 40 * tandoorAfterUpdate;
const raviCashAfterTrades = STARTING_FUNDS - 200 * CHAI.open;
const ashaNetWorth = ashaCashAfterTrades + PAYDAY + 60 * tandoorAfterMayhem;
const raviNetWorth = raviCashAfterTrades + PAYDAY + 200 * chaiAfterMayhem;

function stockRow(page: Page, company: string) {
  return page
    .getByRole('list', { name: 'Stock prices' })
    .getByRole('listitem')
    .filter({ hasText: company });
}

function countdown(page: Page) {
  return page.getByRole('timer', { name: 'Trade phase countdown' });
}

/** The seconds a countdown shows, or null when none is on screen. */
async function secondsShown(page: Page): Promise<number | null> {
  const match = /(\d+)s/.exec(await textOf(countdown(page)));
  return match ? Number(match[1]) : null;
}

describe('a whole game', () => {
  it(
    'broker and two investors play from sign-up to the leaderboard, every change live',
    async () => {
      expect(ashaNetWorth).toBeLessThan(raviNetWorth);
      const s = new Scenario('whole game', e2e.browser, e2e.server, true);
      try {
        const broker = await s.join('broker');
        const asha = await s.join('investor-a');
        const ravi = await s.join('investor-b');
        // The TV is not one of the players: it signs in to nothing and only watches.
        const tv = await s.join('tv', TV_VIEWPORT);
        const tile = (stockId: number) => tv.page.getByTestId(`tile-${stockId}`);
        /** The TV's announcement, its lines joined by ' | '. */
        const tvAlert = async () =>
          (await textOf(tv.page.getByRole('alert')))
            .split(/\n+/)
            .map((line) => line.trim())
            .filter(Boolean)
            .join(' | ');
        const investors = [asha, ravi];
        const everyone = [broker, asha, ravi];
        const others = (who: Player) => everyone.filter((p) => p !== who);
        const code = 'SHW1';

        const phones: string[] = [];
        await s.together(
          ...[
            signUpThroughUi(s, broker, 'Bina', { fromSplash: true }),
            signUpThroughUi(s, asha, 'Asha'),
            signUpThroughUi(s, ravi, 'Ravi'),
          ].map((signUp) => signUp.then((phone) => phones.push(phone))),
        );

        await enterBoardCode(s, broker, code);
        await takeSeat(s, broker, "I'm Broker");
        await s.step('broker lobby', async () => {
          await broker.page.getByText(`Board code:`).waitFor();
          await s.seen(broker, 'lobby');
        });

        for (const [investor, name] of [
          [asha, 'Asha'],
          [ravi, 'Ravi'],
        ] as const) {
          await enterBoardCode(s, investor, code);
          await takeSeat(s, investor, "I'm Investor");
          await s.step(`${name} appears in the broker's lobby`, () =>
            live(`broker sees ${name} join`, () =>
              textOf(broker.page.getByRole('list', { name: 'Players' })),
            ).toContain(name),
          );
        }
        await s.step('investor lobby', () => s.seen(asha, 'lobby'));
        await s.step(
          'the TV shows the lobby: board code, QR code, players and who is online',
          async () => {
            await tv.page.goto(`/spectate/${code}`);
            await live('the board code on the TV', () =>
              textOf(tv.page.getByTestId('board-code')),
            ).toBe(code);
            await tv.page.getByRole('img', { name: /QR code to join this board/ }).waitFor();
            for (const name of ['Bina', 'Asha', 'Ravi']) {
              await live(`${name} on the TV, online`, () =>
                tv.page.getByRole('status', { name: `${name} is online` }).count(),
              ).toBe(1);
            }
            await tv.page.getByText('Waiting for the broker to start the game').waitFor();
            await s.seen(tv, 'spectator-lobby');
          },
        );

        await pickAvatar(s, asha, "I'm Investor", 'The Fox');
        await pickAvatar(s, ravi, "I'm Investor", 'The Shark');
        await s.step('the broker sees the chosen avatars', async () => {
          const srcOf = (name: string) =>
            broker.page
              .getByRole('list', { name: 'Players' })
              .getByRole('img', { name: `${name}'s avatar` })
              .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')).join(','));
          await live("Asha's avatar in the broker's lobby", () => srcOf('Asha')).toBe(
            '/avatars/3.svg',
          );
          await live("Ravi's avatar in the broker's lobby", () => srcOf('Ravi')).toBe(
            '/avatars/5.svg',
          );
        });

        await s.step('broker edits the settings', async () => {
          const { page } = broker;
          await page.getByRole('button', { name: 'Setup Game' }).click();
          await page.waitForURL(pathIs('/game-setup'));
          await page.getByRole('button', { name: 'Edit Settings' }).waitFor();
          await s.seen(broker, 'game-setup');
          await page.getByRole('button', { name: 'Edit Settings' }).click();
          const choose = async (setting: string, option: string) => {
            await page.getByRole('combobox', { name: new RegExp(setting) }).click();
            await page.getByRole('option', { name: option, exact: true }).click();
            await page.getByRole('listbox').waitFor({ state: 'detached' });
          };
          await choose('Starting Funds', '₹7,00,000');
          await choose('Payday Increment', '₹3,00,000');
          await choose('Trade Phase Duration', '60 seconds');
          await s.seen(broker, 'game-setup-edit');
          await page.getByRole('button', { name: 'Confirm Settings' }).click();
          const current = page.getByLabel('Current settings');
          await current.waitFor();
          await live('the confirmed settings', () => textOf(current)).toMatch(
            /Starting Funds\s*₹7,00,000\s*Payday Increment\s*₹3,00,000\s*Trade Phase Duration\s*60 seconds/,
          );
        });

        await s.step('broker starts the game; every device opens the wheel', async () => {
          await broker.page.getByRole('button', { name: 'Start Game' }).click();
          await broker.page.waitForURL(pathIs('/first-player'));
          for (const investor of investors) {
            await live(`${investor.name} follows to the wheel`, () => pathOf(investor)).toBe(
              '/first-player',
            );
          }
          await broker.page.getByRole('button', { name: 'Spin' }).waitFor();
          await s.seen(broker, 'first-player');
          await asha.page.getByText('Waiting for the Broker to spin the wheel...').waitFor();
          await s.seen(asha, 'first-player');
        });

        await s.step('broker spins; every wheel lands on the same player', async () => {
          await broker.page.getByRole('button', { name: 'Spin' }).click();
          for (const player of investors) {
            await live(`${player.name}'s wheel starts`, () =>
              textOf(player.page.getByRole('status')),
            ).toMatch(/Spinning\.\.\.|goes first!/);
          }
          // The wheel turns for 2 s by design (SPINNER_DELAY_MS) before it names the player.
          const landed = await Promise.all(
            everyone.map(async (player) => {
              await player.page.getByText(/goes first!/).waitFor();
              return textOf(player.page.getByRole('status'));
            }),
          );
          expect(landed[0]).toMatch(/^(Asha|Ravi) goes first!$/);
          expect(new Set(landed).size).toBe(1);
          await s.seen(broker, 'first-player-landed');
          for (const player of everyone) {
            await player.page.getByRole('button', { name: 'Continue' }).click();
            await player.page.waitForURL(pathIs('/stock-prices'));
            await stockRow(player.page, TANDOOR.name).waitFor();
          }
          await broker.page.getByRole('heading', { name: 'Monitor & Action' }).waitFor();
          await s.seen(broker, 'stock-prices');
          await asha.page.getByRole('heading', { name: 'Market Monitor' }).waitFor();
          await s.seen(asha, 'stock-prices');
          expect(await textOf(stockRow(asha.page, TANDOOR.name))).toContain(inr(TANDOOR.open));
        });

        const updatePrice = async (
          company: { name: string; open: number },
          sign: 'Increase' | 'Decrease',
          keys: string[],
          expected: number,
        ) => {
          const { page } = broker;
          await page
            .getByRole('button', { name: new RegExp(`^Update price of ${company.name}`) })
            .click();
          await page.waitForURL(pathIs('/price-updates'));
          await page.getByRole('button', { name: 'OK', exact: true }).waitFor();
          await page.getByRole('button', { name: sign }).click();
          for (const key of keys)
            await page.getByRole('button', { name: key, exact: true }).click();
          await expect(page.getByLabel('Percentage').inputValue()).resolves.toBe(
            `${sign === 'Increase' ? '+' : '-'}${keys.join('')}`,
          );
          await s.seen(broker, 'price-updates');
          await page.getByRole('button', { name: 'OK', exact: true }).click();
          for (const investor of investors) {
            await live(`${investor.name} sees ${company.name} at ${inr(expected)}`, () =>
              textOf(stockRow(investor.page, company.name)),
            ).toContain(inr(expected));
          }
          await live('the keypad screen shows the new price', () =>
            textOf(page.getByRole('region', { name: 'Chosen stock' })),
          ).toContain(`Current price: ${inr(expected)}`);
          await page.getByRole('button', { name: 'Back' }).click();
          await page.waitForURL(pathIs('/stock-prices'));
        };

        await s.step('broker raises Tandoor Motors by 10 % on the keypad', () =>
          updatePrice(TANDOOR, 'Increase', ['1', '0'], tandoorAfterUpdate),
        );
        await s.step('the TV shows the move: new price, ▲ +10% and the price line', async () => {
          await live('Tandoor on the TV', () => textOf(tile(1))).toContain(inr(tandoorAfterUpdate));
          expect(await textOf(tv.page.getByTestId('move-1'))).toBe('▲ +10%');
          await s.seen(tv, 'spectator-price-move');
        });
        await s.step('broker lowers Monsoon Power by 5 % on the keypad', () =>
          updatePrice(MONSOON, 'Decrease', ['5'], monsoonAfterUpdate),
        );

        await s.step('broker opens a trade phase; every device counts down', async () => {
          await broker.page.getByRole('button', { name: 'Trade Phase' }).click();
          await broker.page.getByText('Trade initiated.').waitFor();
          for (const player of others(broker)) {
            await live(`${player.name} sees the countdown`, () =>
              secondsShown(player.page),
            ).toBeGreaterThan(50);
          }
          const shown = await secondsShown(broker.page);
          expect(shown).toBeGreaterThan(50);
          expect(shown).toBeLessThanOrEqual(60);
          await expect(
            broker.page.getByRole('button', { name: 'Trade Phase' }).isDisabled(),
          ).resolves.toBe(true);
          await s.seen(broker, 'stock-prices-trade-phase');
          await s.seen(asha, 'stock-prices-trade-phase');
          await live('the TV shows the open phase', () =>
            tv.page.getByText('Trade phase open').count(),
          ).toBe(1);
          const tvSeconds = (await textOf(tv.page.getByTestId('countdown'))).split(':');
          expect(Number(tvSeconds[0]) * 60 + Number(tvSeconds[1])).toBeGreaterThan(45);
          await s.seen(tv, 'spectator-trade-phase');
        });

        const order = async (
          investor: Player,
          verb: 'BUY' | 'SELL',
          company: string,
          quantity: number,
          total: number,
        ) => {
          const { page } = investor;
          await page.getByRole('button', { name: `${verb} ${company}` }).click();
          const dialog = page.getByRole('dialog', {
            name: `${verb === 'BUY' ? 'Buy' : 'Sell'} ${company}`,
          });
          await dialog.waitFor();
          await dialog.getByLabel('Quantity').fill(String(quantity));
          await live('the order total', () => dialog.getByLabel('Total').inputValue()).toBe(
            inr(total),
          );
          await s.seen(investor, `trade-order-${verb.toLowerCase()}`);
          await dialog.getByRole('button', { name: 'Order' }).click();
          await dialog.waitFor({ state: 'detached' });
        };
        const cashOf = (page: Page) =>
          textOf(page.getByRole('region', { name: 'Cash and trade phase' }));
        const heldOf = (page: Page, company: string) =>
          textOf(
            page.getByRole('list', { name: 'Companies' }).getByRole('listitem', { name: company }),
          );

        await s.step('investors buy and sell in the Trade Hub while the phase runs', async () => {
          await s.together(
            ...investors.map(async (investor) => {
              await investor.page.getByRole('button', { name: 'Trade Hub' }).click();
              await investor.page.waitForURL(pathIs('/trade'));
              await investor.page.getByRole('button', { name: `BUY ${TANDOOR.name}` }).waitFor();
              await live(`${investor.name}'s Trade Hub counts down`, () =>
                secondsShown(investor.page),
              ).toBeGreaterThan(0);
              await s.seen(investor, 'trade');
            }),
          );
          await s.together(
            (async () => {
              await order(asha, 'BUY', TANDOOR.name, 100, 100 * tandoorAfterUpdate);
              await live("Asha's cash after buying", () => cashOf(asha.page)).toContain(
                inr(STARTING_FUNDS - 100 * tandoorAfterUpdate),
              );
              await live('Asha holds 100', () => heldOf(asha.page, TANDOOR.name)).toContain(
                'Held 100',
              );
              await order(asha, 'SELL', TANDOOR.name, 40, 40 * tandoorAfterUpdate);
              await live("Asha's cash after selling", () => cashOf(asha.page)).toContain(
                inr(ashaCashAfterTrades),
              );
              await live('Asha holds 60', () => heldOf(asha.page, TANDOOR.name)).toContain(
                'Held 60',
              );
            })(),
            (async () => {
              await order(ravi, 'BUY', CHAI.name, 200, 200 * CHAI.open);
              await live("Ravi's cash after buying", () => cashOf(ravi.page)).toContain(
                inr(raviCashAfterTrades),
              );
              await live('Ravi holds 200', () => heldOf(ravi.page, CHAI.name)).toContain(
                'Held 200',
              );
            })(),
          );
        });

        await s.step('broker gives payday after confirming; investors are paid live', async () => {
          await broker.page.getByRole('button', { name: 'Payday' }).click();
          const confirm = broker.page.getByRole('dialog', {
            name: 'Are you sure you want to give payday?',
          });
          await confirm.waitFor();
          await s.seen(broker, 'payday-confirm');
          await confirm.getByRole('button', { name: 'Yes' }).click();
          await live("Asha's cash after payday", () => cashOf(asha.page)).toContain(
            inr(ashaCashAfterTrades + PAYDAY),
          );
          await live("Ravi's cash after payday", () => cashOf(ravi.page)).toContain(
            inr(raviCashAfterTrades + PAYDAY),
          );
          await live('the broker counts the payday', () =>
            textOf(broker.page.getByText(/Paydays given/)),
          ).toContain('Paydays given: 1 of 3');
          await live('the TV announces the payday', () => tvAlert()).toContain(
            `Payday! | ${formatINR(PAYDAY / 100, { decimals: 0 })} to every investor`,
          );
          await s.seen(tv, 'spectator-payday');
        });

        await s.step('broker builds a market mayhem list; investors are offered it', async () => {
          for (const investor of investors) {
            await investor.page.getByRole('button', { name: 'Market Monitor' }).click();
            await investor.page.waitForURL(pathIs('/stock-prices'));
            await stockRow(investor.page, TANDOOR.name).waitFor();
            expect(await investor.page.getByRole('button', { name: 'Market Mayhem' }).count()).toBe(
              0,
            );
          }
          const { page } = broker;
          await page.getByRole('button', { name: 'Market Mayhem' }).click();
          await page.waitForURL(pathIs('/market-mayhem'));
          await page.getByRole('button', { name: 'Add to list' }).waitFor();
          await s.seen(broker, 'market-mayhem');
          for (const [company, percentage] of [
            [TANDOOR.name, '+12%'],
            [CHAI.name, '-5%'],
          ] as const) {
            await page.getByLabel('Company').selectOption({ label: company });
            await page.getByLabel('Percentage').selectOption({ label: percentage });
            await page.getByRole('button', { name: 'Add to list' }).click();
          }
          await page.getByRole('list', { name: 'New market mayhem list' }).waitFor();
          await s.seen(broker, 'market-mayhem-new-list');
          await page.getByRole('button', { name: 'Save' }).click();
          await page.getByText('Market Mayhem create successfully').waitFor();
          await page.getByText('0 of 2 investors responded').waitFor();
          for (const investor of investors) {
            await live(`${investor.name} is offered the mayhem`, () =>
              investor.page.getByRole('button', { name: 'Market Mayhem' }).count(),
            ).toBe(1);
          }
          await s.seen(broker, 'market-mayhem-open-list');
          await live('the TV announces the mayhem', () => tvAlert()).toContain(
            `Market Mayhem! | ${TANDOOR.name} | ${CHAI.name}`,
          );
          await s.seen(tv, 'spectator-mayhem');
        });

        const respond = async (
          investor: Player,
          picks: ReadonlyArray<readonly [string, string]>,
        ) => {
          const { page } = investor;
          await page.getByRole('button', { name: 'Market Mayhem' }).click();
          await page.waitForURL(pathIs('/market-mayhem'));
          await page.getByText(`Step 1 of ${picks.length}`).waitFor();
          await s.seen(investor, 'market-mayhem');
          for (const [index, [company, percentage]] of picks.entries()) {
            await page.getByText(`Step ${index + 1} of ${picks.length}`).waitFor();
            await page.getByLabel('Company').selectOption({ label: company });
            await page.getByLabel('Percentage').selectOption({ label: percentage });
            await page.getByRole('button', { name: 'Next' }).click();
          }
          await page.getByRole('list', { name: 'Your selections' }).waitFor();
          await s.seen(investor, 'market-mayhem-selections');
          await page.getByRole('button', { name: 'Submit' }).click();
          await page.waitForURL(pathIs('/stock-prices'));
          await page.getByText('Market mayhem responded successfully.').waitFor();
        };

        await s.step('both investors answer the list; the broker sees the count live', async () => {
          await respond(asha, [
            [TANDOOR.name, '+12%'],
            [CHAI.name, '-5%'],
          ]);
          await live('the broker sees 1 of 2', () =>
            textOf(broker.page.getByText(/investors responded/)),
          ).toBe('1 of 2 investors responded');
          await respond(ravi, [
            [TANDOOR.name, '-5%'],
            [CHAI.name, '+12%'],
          ]);
          await live('the broker sees 2 of 2', () =>
            textOf(broker.page.getByText(/investors responded/)),
          ).toBe('2 of 2 investors responded');
        });

        await s.step('broker averages; every device shows the new prices', async () => {
          await broker.page.getByRole('button', { name: 'Average' }).click();
          for (const investor of investors) {
            await live(`${investor.name} sees Tandoor after mayhem`, () =>
              textOf(stockRow(investor.page, TANDOOR.name)),
            ).toContain(inr(tandoorAfterMayhem));
            await live(`${investor.name} sees Chai after mayhem`, () =>
              textOf(stockRow(investor.page, CHAI.name)),
            ).toContain(inr(chaiAfterMayhem));
            expect(await investor.page.getByRole('button', { name: 'Market Mayhem' }).count()).toBe(
              0,
            );
          }
          await live('the TV shows each move of the mayhem', () => tvAlert()).toBe(
            `Mayhem applied | ${TANDOOR.name} ▲ +3.5% | ${CHAI.name} ▲ +3.5%`,
          );
          await live('Chai on the TV', () => textOf(tile(3))).toContain(inr(chaiAfterMayhem));
          await s.seen(tv, 'spectator-mayhem-applied');
          await live('the broker can build a new list', () =>
            broker.page.getByRole('button', { name: 'Add to list' }).count(),
          ).toBe(1);
          await broker.page.getByRole('button', { name: 'Back' }).click();
          await broker.page.waitForURL(pathIs('/stock-prices'));
          await live("the broker's Tandoor price", () =>
            textOf(stockRow(broker.page, TANDOOR.name)),
          ).toContain(inr(tandoorAfterMayhem));
        });

        await s.step('the trade phase ends on its own on every device', async () => {
          await countdown(broker.page).waitFor({ state: 'detached', timeout: 75_000 });
          for (const investor of investors) {
            await live(`${investor.name}'s countdown is gone`, () =>
              countdown(investor.page).count(),
            ).toBe(0);
            // Told once, by the alert: not also "Trade ended." (the broker's Monitor says that).
            await investor.page
              .getByText('Trade phase closed')
              .first()
              .waitFor({ timeout: LIVE_MS });
            expect(await investor.page.getByText('Trade ended.').count()).toBe(0);
          }
          await expect(
            broker.page.getByRole('button', { name: 'Trade Phase' }).isEnabled(),
          ).resolves.toBe(true);
          await asha.page.getByRole('button', { name: 'Trade Hub' }).click();
          await asha.page.waitForURL(pathIs('/trade'));
          await asha.page.getByText('Trade phase is closed').waitFor();
          await expect(
            asha.page.getByRole('button', { name: `BUY ${TANDOOR.name}` }).isDisabled(),
          ).resolves.toBe(true);
          await s.seen(asha, 'trade-closed');
        });

        await s.step('investors read their portfolio and history', async () => {
          for (const [investor, netWorth] of [
            [asha, ashaNetWorth],
            [ravi, raviNetWorth],
          ] as const) {
            const { page } = investor;
            await page.getByRole('button', { name: 'Portfolio' }).click();
            await page.waitForURL(pathIs('/portfolio'));
            await live(`${investor.name}'s net worth`, () =>
              textOf(page.getByRole('region', { name: 'Summary' })),
            ).toContain(inr(netWorth));
          }
          const tandoorRow = asha.page
            .getByRole('list', { name: 'Holdings' })
            .getByRole('listitem', { name: TANDOOR.name });
          const rowText = await textOf(tandoorRow);
          expect(rowText).toMatch(/Quantity\s*60/);
          expect(rowText).toContain(inr(60 * tandoorAfterUpdate));
          expect(rowText).toContain(`+${inr(60 * (tandoorAfterMayhem - tandoorAfterUpdate))}`);
          await s.seen(asha, 'portfolio');

          await asha.page.getByRole('button', { name: 'History' }).click();
          await asha.page.waitForURL(pathIs('/transaction'));
          const history = asha.page.getByRole('list', { name: 'Transactions' });
          await history.waitFor();
          const entries = await textOf(history);
          for (const text of [
            'Shares Bought',
            'Shares Sold',
            'PAYDAY',
            'Price Update',
            '+10%',
            '-5%',
          ]) {
            expect(entries).toContain(text);
          }
          expect(entries).toContain(`+${inr(PAYDAY)}`);
          await s.seen(asha, 'history');

          await broker.page.getByRole('button', { name: 'History' }).click();
          await broker.page.waitForURL(pathIs('/transaction'));
          await broker.page
            .getByRole('list', { name: 'Transactions' })
            .or(broker.page.getByText('Oops! No transaction found'))
            .waitFor();
          await s.seen(broker, 'history');
          await broker.page.getByRole('button', { name: 'Market Monitor' }).click();
          await broker.page.waitForURL(pathIs('/stock-prices'));
          await asha.page.getByRole('button', { name: 'Market Monitor' }).click();
          await ravi.page.getByRole('button', { name: 'Market Monitor' }).click();
          for (const investor of investors) await investor.page.waitForURL(pathIs('/stock-prices'));
        });

        await s.step('broker opens the showdown and ends the game after confirming', async () => {
          const { page } = broker;
          await page.getByRole('button', { name: 'Showdown' }).click();
          await page.waitForURL(pathIs('/portfolio-showdown'));
          const balances = page.getByRole('list', { name: 'Player balances' });
          await balances.waitFor();
          await live('balances, richest first', async () =>
            (await balances.getByRole('listitem').allInnerTexts()).map((t) =>
              t.replace(/\s+/g, ' '),
            ),
          ).toEqual([`Ravi ${inr(raviNetWorth)}`, `Asha ${inr(ashaNetWorth)}`]);
          await s.seen(broker, 'showdown');
          await page.getByRole('button', { name: 'End Game' }).click();
          const confirm = page.getByRole('dialog', {
            name: 'Are you sure you want to end the game?',
          });
          await confirm.waitFor();
          await s.seen(broker, 'end-game-confirm');
          await confirm.getByRole('button', { name: 'Yes' }).click();
          await page.waitForURL(pathIs('/leaderboard'));
          await page.getByText('Game Ended successfully').waitFor();
          for (const investor of investors) {
            await live(`${investor.name} is sent to the leaderboard`, () => pathOf(investor)).toBe(
              '/leaderboard',
            );
          }
        });

        await s.step('every player sees the same final ranking', async () => {
          for (const player of everyone) {
            const board = player.page.getByRole('list', { name: 'Leaderboard' });
            await board.waitFor();
            const rows = (await board.getByRole('listitem').allInnerTexts()).map((t) =>
              t.replace(/\s+/g, ' ').trim(),
            );
            expect(rows).toEqual([
              `1st Ravi Market Mogul ${inr(raviNetWorth)}`,
              `2nd Asha Bull Runner ${inr(ashaNetWorth)}`,
            ]);
            await s.seen(player, 'leaderboard');
          }
        });

        await s.step(
          'the TV plays the recap of the game; the broker skips to the podium',
          async () => {
            const recap = tv.page.getByRole('region', { name: 'Game recap' });
            await recap.waitFor();
            // The right arrow moves the recap on (a remote's key): each round of the race, its bars'
            // slide finished, then each scene of the story.
            await recap.getByRole('figure', { name: 'At the start' }).waitFor();
            await s.seen(tv, 'spectator-recap-start');
            for (let round = 1; round < 10; round++) {
              await tv.page.keyboard.press('ArrowRight');
              const figure = recap.getByRole('figure', { name: `After round ${round}` });
              if ((await figure.count()) === 0) break;
              await tv.page.waitForFunction(() => document.getAnimations().length === 0);
              await s.seen(tv, `spectator-recap-round-${round}`);
            }
            await recap.getByTestId('recap-biggest-trade').waitFor();
            expect(await textOf(recap.getByTestId('recap-biggest-trade'))).toContain(
              'Ravi bought 200 shares of Chai Digital',
            );
            await s.seen(tv, 'spectator-recap-biggest-trade');
            await tv.page.keyboard.press('ArrowRight');
            await recap.getByTestId('recap-best-move').waitFor();
            await s.seen(tv, 'spectator-recap-best-move');
            await tv.page.keyboard.press('ArrowRight');
            expect(await textOf(recap.getByTestId('recap-mayhem'))).toContain('Chai Digital');
            await s.seen(tv, 'spectator-recap-mayhem');
            // The broker skips the rest from their phone (the TV's own Skip is another test's).
            await broker.page.getByRole('button', { name: "Skip the TV's recap" }).click();
            await broker.page.getByText("The TV's recap was skipped.").waitFor();
            await broker.page.waitForFunction(() => document.getAnimations().length === 0);
            await s.seen(broker, 'leaderboard-recap-skipped');
            await live('the TV shows the podium', () =>
              textOf(tv.page.getByTestId('podium-1')),
            ).toContain('Ravi');
            expect(await textOf(tv.page.getByTestId('podium-2'))).toContain('Asha');
            const finalRows = await tv.page
              .getByRole('list', { name: 'Final ranking' })
              .getByRole('listitem')
              .allInnerTexts();
            expect(finalRows.map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
              `1st Ravi Market Mogul ${inr(raviNetWorth)}`,
              `2nd Asha Bull Runner ${inr(ashaNetWorth)}`,
            ]);
            await s.seen(tv, 'spectator-podium');
          },
        );

        await s.step(
          "the report opens from the leaderboard and ends on the leaderboard's figures",
          async () => {
            const { page } = asha;
            await page.getByRole('button', { name: 'Game report' }).click();
            await page.waitForURL(/\/game-report\/\d+$/);
            await live('the report standings', () =>
              textOf(page.getByTestId('standing-1')),
            ).toContain(inr(raviNetWorth));
            expect(await textOf(page.getByTestId('standing-2'))).toContain(inr(ashaNetWorth));
            await page.getByTestId('net-worth-chart').waitFor();
            await page.getByTestId('prices-chart').waitFor();
            expect(await textOf(page.getByRole('article', { name: "Asha's game" }))).toContain(
              'Trades: 2',
            );
            await s.seen(asha, 'game-report');
          },
        );

        await s.step(
          'a shared link shows the report signed out, with no phone number in it',
          async () => {
            await asha.page.getByRole('button', { name: 'Share a link' }).click();
            const link = asha.page.getByLabel('Link to this report (no sign-in needed)');
            await live('the shared link', () => link.inputValue()).toMatch(/\/report\/[\w-]{43}$/);
            // The link names the machine's LAN address (a loopback request: see /api/config);
            // this server listens on 127.0.0.1 only, so the TV opens the same path on it.
            await tv.page.goto(new URL(await link.inputValue()).pathname);
            await live('the shared standings', () =>
              textOf(tv.page.getByTestId('standing-1')),
            ).toContain('Ravi');
            await tv.page.getByTestId('net-worth-chart').waitFor();
            const html = await tv.page.content();
            for (const phone of phones) expect(html).not.toContain(phone);
            await s.seen(tv, 'shared-report');
          },
        );

        await s.step('revoking the link closes it', async () => {
          await asha.page.getByRole('button', { name: 'Revoke my links' }).click();
          await live('the revoke note', () => textOf(asha.page.getByRole('status'))).toContain(
            'Revoked 1 link: they no longer open.',
          );
          // The page itself is gone (a link preview or a crawler reads its status), its JSON too.
          const pathname = new URL(tv.page.url()).pathname;
          expect((await tv.page.request.get(pathname)).status()).toBe(404);
          expect((await tv.page.request.get(`/api${pathname}`)).status()).toBe(404);
          await tv.page.reload();
          await live('the revoked link', () => textOf(tv.page.getByRole('alert'))).toContain(
            'This report is no longer shared',
          );
          expect(await tv.page.getByTestId('standing-1').count()).toBe(0);
          await s.seen(tv, 'shared-report-revoked');
        });

        await s.step("Profile's My games lists the game with its report", async () => {
          const { page } = asha;
          await page.goto('/profile');
          const games = page.getByRole('region', { name: 'My games' });
          await games
            .getByRole('button', { name: new RegExp(`^Report of board ${code}`) })
            .waitFor();
          await s.seen(asha, 'my-games');
          await games.getByRole('button', { name: new RegExp(`^Report of board ${code}`) }).click();
          await page.waitForURL(/\/game-report\/\d+$/);
          await live('the report from My games', () =>
            textOf(page.getByTestId('standing-2')),
          ).toContain(inr(ashaNetWorth));
        });
      } finally {
        await s.close();
      }
    },
    WHOLE_EVENING_MS,
  );
});
