import { API, type MayhemData } from '@showdown/shared/api';
import { MSG } from '@showdown/shared/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { closeSnackbar } from '../../../components/ui/toasts';
import { api } from '../../../lib/api-client';
import {
  failure,
  findLocation,
  ok,
  renderScreen,
  serve,
  setGame,
  type FakeApi,
} from '../../../../test/in-game/render-screen';
import { mayhemErrorText } from '../api/mayhem';
import { MAYHEM_TEXT } from './mayhem-texts';
import { MarketMayhemScreen } from './market-mayhem-screen';
import { applyEvent } from '../../../stores/game-updates';

vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn() },
}));
const fake = api as unknown as FakeApi;

const LIST: MayhemData = {
  id: 11,
  game_id: 7,
  status: 'open',
  stock_ids: [
    { stock_id: 1, name: 'Tandoor Motors', image: '/logos/tandoor-motors.svg' },
    { stock_id: 5, name: 'Lotus Bank', image: '/logos/lotus-bank.svg' },
  ],
  percentage: [5, -3],
  responses_count: 1,
  investors_count: 3,
  responded: false,
  my_response: null,
};

const notFound = () => {
  throw failure(MSG.MAYHEM_NOT_FOUND, 404, 'NOT_FOUND');
};

function open() {
  return renderScreen(<MarketMayhemScreen />, { path: '/market-mayhem' });
}

function optionsOf(name: string): string[] {
  return within(screen.getByRole('combobox', { name }))
    .getAllByRole('option')
    .map((o) => o.textContent ?? '');
}

describe('mayhemErrorText', () => {
  it('rewords the two server messages about a half-filled list and keeps others', () => {
    expect(mayhemErrorText(MSG.MAYHEM_LENGTH_MISMATCH)).toBe(
      'Please select both the company and percentage',
    );
    expect(mayhemErrorText(MSG.MAYHEM_PERCENTAGE_REQUIRED)).toBe('Please select a percentage');
    expect(mayhemErrorText(MSG.MAYHEM_EXISTS)).toBe(MSG.MAYHEM_EXISTS);
  });
});

describe('MarketMayhemScreen for an investor', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    setGame({ role: 2 });
  });

  it('needs both a company and a percentage for Next, and selections for Submit', async () => {
    serve(fake, { [`GET ${API.mayhem(7)}`]: () => ok(LIST) });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('Please select both a company and a percentage.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('Please add some selections before submitting.'),
    ).toBeInTheDocument();
    // A message on screen is not shown twice: dismiss them to see the next one.
    act(() => closeSnackbar());
    await waitFor(() =>
      expect(screen.queryByText('Please select both a company and a percentage.')).toBeNull(),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Company' }), 'Lotus Bank');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('Please select both a company and a percentage.'),
    ).toBeInTheDocument();
    expect(fake.post).not.toHaveBeenCalled();
  });

  it('steps through the companies once each and submits the response', async () => {
    const responses: unknown[] = [];
    serve(fake, {
      [`GET ${API.mayhem(7)}`]: () => ok(LIST),
      [`POST ${API.mayhemRespond(11)}`]: (body) => {
        responses.push(body);
        return ok(null, MSG.MAYHEM_RESPONDED);
      },
    });
    const { user } = open();
    expect(await screen.findByRole('heading', { name: 'Step 1 of 2' })).toBeInTheDocument();
    expect(optionsOf('Company')).toEqual(['Choose…', 'Tandoor Motors', 'Lotus Bank']);
    expect(optionsOf('Percentage')).toEqual(['Choose…', '+5%', '-3%']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Company' }), 'Lotus Bank');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Percentage' }), '+5%');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('Selections added. Proceed to the next step.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Step 2 of 2' })).toBeInTheDocument();
    expect(optionsOf('Company')).toEqual(['Choose…', 'Tandoor Motors']);
    expect(
      within(screen.getByRole('list', { name: 'Your selections' })).getByText('+5%'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Market mayhem responded successfully.')).toBeInTheDocument();
    expect(await findLocation()).toBe('/stock-prices');
    expect(responses).toEqual([{ stocks: [{ stock_id: 5, percentage: 5 }] }]);
  });

  it('shows the reworded server message when the response is refused', async () => {
    serve(fake, {
      [`GET ${API.mayhem(7)}`]: () => ok(LIST),
      [`POST ${API.mayhemRespond(11)}`]: () => {
        throw failure(MSG.MAYHEM_PERCENTAGE_REQUIRED);
      },
    });
    const { user } = open();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Company' }),
      'Tandoor Motors',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Percentage' }), '-3%');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please select a percentage')).toBeInTheDocument();
  });

  it('Submit sends the pick that is visibly selected, even without Next', async () => {
    const responses: unknown[] = [];
    serve(fake, {
      [`GET ${API.mayhem(7)}`]: () => ok(LIST),
      [`POST ${API.mayhemRespond(11)}`]: (body) => {
        responses.push(body);
        return ok(null, MSG.MAYHEM_RESPONDED);
      },
    });
    const { user } = open();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Company' }),
      'Lotus Bank',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Percentage' }), '+5%');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Company' }), 'Tandoor Motors');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Percentage' }), '-3%');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await findLocation()).toBe('/stock-prices');
    expect(responses).toEqual([
      {
        stocks: [
          { stock_id: 5, percentage: 5 },
          { stock_id: 1, percentage: -3 },
        ],
      },
    ]);
  });

  it('explains itself in one line', async () => {
    serve(fake, { [`GET ${API.mayhem(7)}`]: () => ok(LIST) });
    open();
    expect(await screen.findByText(MAYHEM_TEXT.EXPLAIN)).toBeInTheDocument();
  });

  it('says when no list is open', async () => {
    serve(fake, { [`GET ${API.mayhem(7)}`]: notFound });
    open();
    expect(await screen.findByText('No Market Mayhem list is open right now.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});

describe('MarketMayhemScreen for the broker', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    setGame({ role: 1 });
  });

  it('builds a list; Save shows only once a company or percentage is chosen', async () => {
    let current: MayhemData | null = null;
    const created: unknown[] = [];
    serve(fake, {
      [`GET ${API.mayhem(7)}`]: () => (current ? ok(current) : notFound()),
      [`POST ${API.mayhem(7)}`]: (body) => {
        created.push(body);
        current = {
          ...LIST,
          stock_ids: [LIST.stock_ids[1]!],
          percentage: [-3],
          responses_count: 0,
        };
        return ok(current, MSG.MAYHEM_CREATED);
      },
    });
    const { user } = open();
    const company = await screen.findByRole('combobox', { name: 'Company' });
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.selectOptions(company, 'Lotus Bank');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Percentage' }), '-3%');
    await user.click(screen.getByRole('button', { name: 'Add to list' }));
    expect(
      within(screen.getByRole('list', { name: 'New market mayhem list' })).getByText('Lotus Bank'),
    ).toBeInTheDocument();
    expect(optionsOf('Company')).not.toContain('Lotus Bank');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Market Mayhem create successfully')).toBeInTheDocument();
    expect(created).toEqual([{ stock_ids: [5], percentage: [-3] }]);
    const list = await screen.findByRole('list', { name: 'Market mayhem list' });
    expect(within(list).getByText('-3%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Average' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Company' })).not.toBeInTheDocument();
  });

  it('Average is off with 0 responses (saying why) and counts responses live', async () => {
    serve(fake, { [`GET ${API.mayhem(7)}`]: () => ok({ ...LIST, responses_count: 0 }) });
    open();
    const average = await screen.findByRole('button', { name: 'Average' });
    expect(average).toBeDisabled();
    expect(screen.getByText('0 of 3 investors responded')).toBeInTheDocument();
    expect(
      screen.getByText('Average opens once at least one investor has responded.'),
    ).toBeInTheDocument();
    act(() => {
      applyEvent('mayhem:responded', { seq: 1, game_id: 7, mayhem_id: 11, responses_count: 1 });
    });
    expect(screen.getByText('1 of 3 investors responded')).toBeInTheDocument();
    expect(average).toBeEnabled();
    expect(
      screen.queryByText('Average opens once at least one investor has responded.'),
    ).not.toBeInTheDocument();
  });

  it('rewords the length mismatch when a company is saved without a percentage', async () => {
    serve(fake, {
      [`GET ${API.mayhem(7)}`]: notFound,
      [`POST ${API.mayhem(7)}`]: () => {
        throw failure(MSG.MAYHEM_LENGTH_MISMATCH);
      },
    });
    const { user } = open();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Company' }),
      'Lotus Bank',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Please select both the company and percentage'),
    ).toBeInTheDocument();
    expect(fake.post).toHaveBeenCalledWith(API.mayhem(7), { stock_ids: [5], percentage: [] });
  });

  it('shows an open list read-only with Average, which averages it', async () => {
    serve(fake, {
      [`GET ${API.mayhem(7)}`]: () => ok(LIST),
      [`POST ${API.mayhemAverage(11)}`]: () =>
        ok(
          {
            mayhem_id: 11,
            changes: [{ stock_id: 1, previous_price: 100, price: 105, percentage: 5 }],
          },
          MSG.MAYHEM_AVERAGED,
        ),
    });
    const { user } = open();
    const list = await screen.findByRole('list', { name: 'Market mayhem list' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Tandoor Motors+5%', 'Lotus Bank-3%']);
    expect(screen.getByText('1 of 3 investors responded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Average' }));
    expect(await screen.findByText(MSG.MAYHEM_AVERAGED)).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Company' })).toBeInTheDocument();
  });
});

describe('MarketMayhemScreen for the investor & broker', () => {
  it("opens 'Your Response' beside the broker's list", async () => {
    vi.clearAllMocks();
    setGame({ role: 3 });
    serve(fake, { [`GET ${API.mayhem(7)}`]: () => ok(LIST) });
    const { user } = open();
    expect(await screen.findByRole('button', { name: 'Average' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Your Response' }));
    expect(screen.getByRole('heading', { name: 'Step 1 of 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });
});
