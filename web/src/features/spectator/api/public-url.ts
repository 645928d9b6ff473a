import { API, type PublicConfigData } from '@showdown/shared/api';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client';

/** GET /api/config: the origin phones should open (the server's PUBLIC_URL or this origin). */
export async function fetchPublicUrl(): Promise<string> {
  const { data } = await api.get<PublicConfigData>(API.config);
  return data.public_url;
}

/**
 * The public origin for join links and QR codes; null until the server answered. If it cannot
 * be asked, the page's own origin (where this screen was loaded from) is the honest fallback.
 */
export function usePublicUrl(): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchPublicUrl().then(
      (answer) => live && setUrl(answer),
      () => live && setUrl(window.location.origin),
    );
    return () => {
      live = false;
    };
  }, []);
  return url;
}
