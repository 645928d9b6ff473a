import { z } from 'zod';

const url = (fallback: string) => z.url().default(fallback);

const envSchema = z.object({
  /** API and Socket.IO origin; '' means the page's own origin. */
  VITE_API_URL: z.union([z.literal(''), z.url()]).default(''),
  VITE_SHOP_URL: url('https://shop.theshowdown.example'),
  VITE_HOW_TO_PLAY_URL: url('https://shop.theshowdown.example/how-to-play.pdf'),
  VITE_SOCIAL_INSTAGRAM_URL: url('https://www.instagram.com/theshowdowngame'),
  VITE_SOCIAL_X_URL: url('https://x.com/theshowdowngame'),
  VITE_SOCIAL_YOUTUBE_URL: url('https://www.youtube.com/@theshowdowngame'),
});

export type Env = z.infer<typeof envSchema>;

/** Parses the Vite environment once; throws a message naming every bad key. */
export function parseEnv(source: Record<string, unknown>): Env {
  // An empty string in .env means "not set" for every key but the API origin.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([key, value]) => key === 'VITE_API_URL' || value !== ''),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new Error(`Invalid environment configuration:\n${problems.join('\n')}`);
  }
  return result.data;
}

export const env: Env = parseEnv(import.meta.env as Record<string, unknown>);
