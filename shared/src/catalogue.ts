/** The fixed artwork catalogue: avatars and the fictional listed companies every game opens with. */

export interface AvatarOption {
  id: number;
  name: string;
  image: string;
}

/** Seven avatars; the web app serves the SVGs under /avatars/. Avatar 7 is the broker's. */
export const AVATARS: readonly AvatarOption[] = [
  { id: 1, name: 'The Bull', image: '/avatars/1.svg' },
  { id: 2, name: 'The Bear', image: '/avatars/2.svg' },
  { id: 3, name: 'The Fox', image: '/avatars/3.svg' },
  { id: 4, name: 'The Owl', image: '/avatars/4.svg' },
  { id: 5, name: 'The Shark', image: '/avatars/5.svg' },
  { id: 6, name: 'The Tortoise', image: '/avatars/6.svg' },
  { id: 7, name: 'The Broker', image: '/avatars/7.svg' },
];

export interface Company {
  id: number;
  name: string;
  image: string;
  /** Opening share price in paise. */
  openingPricePaise: number;
}

export const COMPANIES: readonly Company[] = [
  { id: 1, name: 'Tandoor Motors', image: '/logos/tandoor-motors.svg', openingPricePaise: 45000 },
  { id: 2, name: 'Monsoon Power', image: '/logos/monsoon-power.svg', openingPricePaise: 28000 },
  { id: 3, name: 'Chai Digital', image: '/logos/chai-digital.svg', openingPricePaise: 125000 },
  { id: 4, name: 'Ganga Pharma', image: '/logos/ganga-pharma.svg', openingPricePaise: 86000 },
  { id: 5, name: 'Lotus Bank', image: '/logos/lotus-bank.svg', openingPricePaise: 152000 },
  {
    id: 6,
    name: 'Spice Route Airways',
    image: '/logos/spice-route-airways.svg',
    openingPricePaise: 19500,
  },
  { id: 7, name: 'Himalaya Steel', image: '/logos/himalaya-steel.svg', openingPricePaise: 64000 },
  {
    id: 8,
    name: 'Rangoli Textiles',
    image: '/logos/rangoli-textiles.svg',
    openingPricePaise: 11000,
  },
];

export function companyById(id: number): Company | undefined {
  return COMPANIES.find((c) => c.id === id);
}

export function avatarById(id: number): AvatarOption | undefined {
  return AVATARS.find((a) => a.id === id);
}
