import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { companyById } from '@showdown/shared/catalogue';
import { formatINR, formatSignedPercent } from '@showdown/shared/format';
import type { RecapStory } from '../../lib/recap/recap-story';
import type { RecapStep } from '../../lib/recap/recap-timeline';
import { msg, t } from '../../i18n';
import { AvatarImage } from '../ui/avatar-image';
import { CompanyLogo } from '../ui/company-logo';
import { RecapRace } from './recap-race';

/** Each side of a trade, for one share and for several (Hindi's verb agrees with the number). */
const TRADE_TEXT = {
  0: {
    one: msg('{name} bought 1 share of {company}'),
    many: msg('{name} bought {quantity} shares of {company}'),
  },
  1: {
    one: msg('{name} sold 1 share of {company}'),
    many: msg('{name} sold {quantity} shares of {company}'),
  },
} as const;

const up = (before: number, after: number) => after >= before;

function SceneCard({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <Box component="section" aria-label={title} data-testid={testId}>
      <Typography sx={{ fontSize: '1.3em', fontWeight: 800, color: 'primary.main', mb: '0.5em' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const bigLine = { fontSize: '1.6em', fontWeight: 800, lineHeight: 1.25 } as const;
const line = { fontSize: '1.1em', fontWeight: 600 } as const;

function BiggestTrade({ trade }: { trade: NonNullable<RecapStory['biggestTrade']> }) {
  const text = TRADE_TEXT[trade.trade_type][trade.quantity === 1 ? 'one' : 'many'];
  return (
    <SceneCard title={t('Biggest trade')} testId="recap-biggest-trade">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: '0.8em' }}>
        <CompanyLogo src={companyById(trade.stock_id)?.image} name={trade.company} size={56} />
        <Box>
          <Typography sx={bigLine}>
            {t(text, { name: trade.username, quantity: trade.quantity, company: trade.company })}
          </Typography>
          <Typography sx={line} color="text.secondary">
            {t('{amount} in one trade, at {price} a share', {
              amount: formatINR(trade.quantity * trade.price, { decimals: 0 }),
              price: formatINR(trade.price),
            })}
          </Typography>
        </Box>
      </Box>
    </SceneCard>
  );
}

function BestMove({ move }: { move: NonNullable<RecapStory['bestMove']> }) {
  const percentage = ((move.price_after - move.price_before) / move.price_before) * 100;
  const rose = up(move.price_before, move.price_after);
  return (
    <SceneCard title={t('Best price move')} testId="recap-best-move">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: '0.8em' }}>
        <CompanyLogo src={companyById(move.stock_id)?.image} name={move.company} size={56} />
        <Box>
          <Typography sx={bigLine}>
            {move.company}{' '}
            <Box component="span" sx={{ color: rose ? 'success.main' : 'error.main' }}>
              {rose ? '▲' : '▼'} {formatSignedPercent(Math.round(percentage * 100) / 100)}
            </Box>
          </Typography>
          <Typography sx={line} color="text.secondary">
            {move.kind === 'mayhem'
              ? t('{before} to {after} in market mayhem', {
                  before: formatINR(move.price_before),
                  after: formatINR(move.price_after),
                })
              : t('{before} to {after} in a price update', {
                  before: formatINR(move.price_before),
                  after: formatINR(move.price_after),
                })}
          </Typography>
        </Box>
      </Box>
    </SceneCard>
  );
}

function Mayhems({ mayhems }: { mayhems: RecapStory['mayhems'] }) {
  return (
    <SceneCard title={t('What each mayhem did')} testId="recap-mayhem">
      <Box sx={{ display: 'grid', gap: '0.6em' }}>
        {mayhems.map((m, i) => (
          <Box key={m.mayhem_id}>
            <Typography sx={{ ...line, fontWeight: 800 }}>
              {t('Mayhem {number}', { number: i + 1 })}
            </Typography>
            {m.effects.map((e) => (
              <Typography key={e.stock_id} sx={line}>
                {e.name}{' '}
                <Box
                  component="span"
                  sx={{ color: e.percentage >= 0 ? 'success.main' : 'error.main' }}
                >
                  {e.percentage >= 0 ? '▲' : '▼'} {formatSignedPercent(e.percentage)}
                </Box>{' '}
                {formatINR(e.price_before)} → {formatINR(e.price_after)}
              </Typography>
            ))}
          </Box>
        ))}
      </Box>
    </SceneCard>
  );
}

function Paydays({ paydays }: { paydays: RecapStory['paydays'] }) {
  const values = {
    count: paydays.count,
    amount: formatINR(paydays.total, { decimals: 0 }),
  };
  return (
    <SceneCard title={t('Paydays')} testId="recap-paydays">
      <Typography sx={bigLine}>
        {paydays.count === 1
          ? t('1 payday: {amount} to every investor', values)
          : t('{count} paydays: {amount} in all to every investor', values)}
      </Typography>
    </SceneCard>
  );
}

/** The largest net worth of the whole race: the full length of a bar. */
export const raceMost = (story: RecapStory) =>
  Math.max(0, ...story.rounds.flatMap((r) => r.standings.map((s) => s.net_worth)));

/** One step of the recap: a round of the race or one of the story's scenes. */
export function RecapSceneView({
  story,
  step,
  still = false,
}: {
  story: RecapStory;
  step: RecapStep;
  still?: boolean;
}) {
  switch (step.scene) {
    case 'race': {
      const round = story.rounds[step.frame];
      if (!round) return null;
      return (
        <SceneCard title={t('The race for net worth')} testId="recap-race">
          <RecapRace
            round={round}
            colourOrder={story.podium.map((p) => p.player_id)}
            most={raceMost(story)}
            still={still}
          />
        </SceneCard>
      );
    }
    case 'biggest-trade':
      return story.biggestTrade && <BiggestTrade trade={story.biggestTrade} />;
    case 'best-move':
      return story.bestMove && <BestMove move={story.bestMove} />;
    case 'mayhem':
      return <Mayhems mayhems={story.mayhems} />;
    case 'paydays':
      return <Paydays paydays={story.paydays} />;
  }
}

/** The winner's line under the story: who finished first. */
export function RecapWinner({ story }: { story: RecapStory }) {
  const winner = story.podium[0];
  if (!winner) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: '0.6em' }}>
      <AvatarImage
        avatarId={winner.avatar_id}
        name={winner.username}
        size={40}
        bot={winner.bot ?? false}
      />
      <Typography sx={line}>
        {t('{name} won with {amount}', {
          name: winner.username,
          amount: formatINR(winner.final_net_worth, { decimals: 0 }),
        })}
      </Typography>
    </Box>
  );
}
