import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useHydrated } from './use-hydrated';

function Probe() {
  const hydrated = useHydrated();
  return (
    <button type="submit" disabled={!hydrated}>
      送る
    </button>
  );
}

describe('useHydrated', () => {
  it('is false in the server HTML and true once the browser has hydrated the component', async () => {
    const html = renderToString(<Probe />);
    expect(html).toContain('disabled');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const button = container.querySelector('button') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await act(async () => {
      hydrateRoot(container, <Probe />);
    });
    expect(button.disabled).toBe(false);
    container.remove();
  });
});
