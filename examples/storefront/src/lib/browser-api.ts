// The browser's calls to the API on the same origin. State-changing requests carry the
// session's CSRF token, which GET /api/session/ hands out (starting a guest session if needed).

/** An error answer of the API: its Japanese message and the fields that failed validation. */
export class BrowserApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'BrowserApiError';
  }
}

interface ErrorBody {
  error?: { code?: string; message?: string; details?: { path: string; message: string }[] };
}

async function readError(response: Response): Promise<BrowserApiError> {
  const body = (await response.json().catch(() => ({}))) as ErrorBody;
  return new BrowserApiError(
    response.status,
    body.error?.code ?? 'http_error',
    body.error?.message ?? '通信に失敗しました。時間をおいてもう一度お試しください。',
    body.error?.details ?? [],
  );
}

/** GET /api/session/: who is shopping (null for a guest) and the session's CSRF token. */
async function currentSession(): Promise<{ member: unknown | null; csrfToken: string }> {
  const response = await fetch('/api/session/', { credentials: 'same-origin' });
  if (!response.ok) throw await readError(response);
  return (await response.json()) as { member: unknown | null; csrfToken: string };
}

/** POSTs JSON to the API with the session's CSRF token; throws BrowserApiError on a 4xx/5xx. */
export async function postJson<T>(path: string, body: unknown): Promise<T> {
  const { csrfToken: token } = await currentSession();
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await readError(response);
  return (await response.json()) as T;
}
