import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../i18n';
import { AvatarImage } from './avatar-image';
import { PlayerName } from './bot-mark';

afterEach(() => activateLanguage('en'));

describe('bot marks', () => {
  it("say a bot is a bot beside its name and in its avatar's name; a person's carry neither", () => {
    render(
      <ul>
        <li aria-label="bot">
          <AvatarImage avatarId={2} name="Kavya" bot />
          <PlayerName name="Kavya" bot />
        </li>
        <li aria-label="person">
          <AvatarImage avatarId={3} name="Pia" />
          <PlayerName name="Pia" />
        </li>
      </ul>,
    );
    const bot = screen.getByRole('listitem', { name: 'bot' });
    expect(within(bot).getByRole('img', { name: "Kavya's avatar, a bot" })).toBeVisible();
    expect(within(bot).getByText('Bot')).toBeVisible();
    expect(within(bot).getByTestId('bot-avatar')).toBeInTheDocument();
    const person = screen.getByRole('listitem', { name: 'person' });
    expect(within(person).getByRole('img', { name: "Pia's avatar" })).toBeVisible();
    expect(within(person).queryByText('Bot')).toBeNull();
    expect(within(person).queryByTestId('bot-avatar')).toBeNull();
  });

  it('reads in Hindi', async () => {
    await activateLanguage('hi');
    render(
      <>
        <AvatarImage avatarId={2} name="Kavya" bot />
        <PlayerName name="Kavya" bot />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Kavya का अवतार, एक बॉट' })).toBeVisible();
    expect(screen.getByText('बॉट')).toBeVisible();
  });
});
